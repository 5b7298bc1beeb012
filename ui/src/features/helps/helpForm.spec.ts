import { describe, expect, it } from 'vitest';
import { emptyHelpForm, helpRequestOf, validateHelpForm } from './helpForm';

describe('help form', () => {
  it('requires a title and a playable video', () => {
    expect(validateHelpForm(emptyHelpForm())).toEqual({ title: 'helps.validation.required', video: 'helps.validation.required' });
    expect(validateHelpForm({ title: 'x'.repeat(101), description: 'd'.repeat(2001), video: 'https://example.com/page' })).toEqual({
      title: 'helps.validation.titleTooLong',
      description: 'helps.validation.descriptionTooLong',
      video: 'helps.validation.video',
    });
    expect(validateHelpForm({ title: 'Filas', description: '', video: 'https://youtu.be/dQw4w9WgXcQ' })).toEqual({});
  });

  it('trims the title and the video, and keeps the description as typed', () => {
    expect(helpRequestOf({ title: ' Filas ', description: ' linha 1\nlinha 2 ', video: ' dQw4w9WgXcQ ' })).toEqual({
      title: 'Filas',
      description: ' linha 1\nlinha 2 ',
      video: 'dQw4w9WgXcQ',
    });
  });
});
