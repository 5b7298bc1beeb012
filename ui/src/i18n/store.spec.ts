import { describe, expect, it } from 'vitest';
import { loadAllTexts, requestLanguage, shownTexts } from './texts';

// The test setup has already shown every pt-BR text (core, errors and rest).
describe('the texts store', () => {
  it('shows a chosen language with every part wanted so far', async () => {
    await requestLanguage('es');
    expect(shownTexts().language).toBe('es');
    expect([...shownTexts().parts].sort()).toEqual(['core', 'errors', 'rest']);
    expect(shownTexts().messages['menu.tickets']).toBe('Atenciones');
    expect(shownTexts().messages['contacts.title']).toBeDefined();
    await requestLanguage('pt-BR');
  });

  it('shows the last language chosen when an earlier choice finishes loading later', async () => {
    const first = requestLanguage('tr');
    const second = requestLanguage('pt-BR');
    await Promise.all([first, second]);
    expect(shownTexts().language).toBe('pt-BR');
  });

  it('resolves loadAllTexts once the rest is shown', async () => {
    await loadAllTexts();
    expect(shownTexts().parts.has('rest')).toBe(true);
  });
});
