import { describe, expect, it } from 'vitest';
import { ptBR } from './catalogue';
import { areaTexts } from '../test/areaTexts';

const areas = areaTexts;
const languageOf = (name: 'en' | 'es' | 'tr'): Record<string, string> => Object.assign({}, ...Object.values(areas).map((area) => area[name]));
const en = languageOf('en');
const others = { 'pt-BR': ptBR as Record<string, string>, es: languageOf('es'), tr: languageOf('tr') };

/** A form's validation texts: the keys its rules answer (`*.validation.*`, and the fields' required / too short / too long / invalid). */
const isValidationKey = (key: string) => /\.validation\.|\.(required|tooShort|tooLong|invalidEmail|invalid|\w+Required|\w+Invalid)$/.test(key);
/** The English words a validation text is made of (the spec's 'Required', 'Too Short!', 'Invalid email' …). */
const english = /\b(required|too short|too long|invalid|please|must|enter|choose|select)\b/i;

/** The forms' rules: every module that turns a form's values into field errors. */
const formSources = import.meta.glob<string>(
  ['../features/**/*Form.ts', '../features/**/*[vV]alidation.ts', '../features/**/rules.ts', '../shared/validation.ts'],
  {
    eager: true,
    query: '?raw',
    import: 'default',
  },
);

describe('form validation texts', () => {
  const keys = Object.keys(ptBR).filter(isValidationKey);

  it('are found (the rule below reads them)', () => {
    expect(keys.length).toBeGreaterThan(50);
  });

  it('are written in each language, never the English text inside another language (nor Portuguese in English)', () => {
    const wrong: string[] = [];
    for (const key of keys) {
      for (const [language, texts] of Object.entries(others)) {
        const text = texts[key]!;
        if (text === en[key] || english.test(text)) wrong.push(`${language} ${key}: ${text}`);
      }
      if (en[key] === others['pt-BR'][key]) wrong.push(`en ${key}: ${en[key]}`);
    }
    expect(wrong).toEqual([]);
  });

  it('come from the catalogue: no form rule holds an English literal', () => {
    expect(Object.keys(formSources).length).toBeGreaterThan(15);
    const literals: string[] = [];
    for (const [file, source] of Object.entries(formSources)) {
      const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
      for (const match of code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
        const text = match[1] ?? match[2] ?? match[3] ?? '';
        // A message key or an error code ('profile.required', 'tooShort') names a text; a text is what a person reads.
        const isName = /^[a-z][\w]*(\.[\w-]+)*$/.test(text);
        if (english.test(text) && !isName) literals.push(`${file}: ${text}`);
      }
    }
    expect(literals).toEqual([]);
  });
});
