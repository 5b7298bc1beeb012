import { describe, expect, it } from 'vitest';
import { emptyTagForm, tagFormOf, tagRequestOf, validateTagForm } from './tagForm';

describe('tag form', () => {
  it('asks for a name of at least three characters', () => {
    expect(validateTagForm({ ...emptyTagForm(), name: '  ' }).name).toBe('tags.validation.required');
    expect(validateTagForm({ ...emptyTagForm(), name: ' ab ' }).name).toBe('tags.validation.tooShort');
    expect(validateTagForm({ ...emptyTagForm(), name: 'abc' })).toEqual({});
    expect(validateTagForm({ ...emptyTagForm(), name: 'x'.repeat(101) }).name).toBe('tags.validation.tooLong');
  });

  it('refuses a colour that is not hex', () => {
    expect(validateTagForm({ name: 'Lead', color: 'red', kanban: false }).color).toBe('tags.validation.color');
  });

  it('starts as a lane in kanban mode and sends the flag as 0 or 1', () => {
    expect(emptyTagForm(true).kanban).toBe(true);
    expect(tagRequestOf({ name: ' Lead ', color: '#112233', kanban: true })).toEqual({ name: 'Lead', color: '#112233', kanban: 1 });
    const tag = { id: 1, companyId: 1, name: 'VIP', color: '#ABCDEF', kanban: 0 as const, userId: null, ticketsCount: 0, createdAt: '', updatedAt: '' };
    expect(tagFormOf(tag)).toEqual({ name: 'VIP', color: '#ABCDEF', kanban: false });
  });
});
