import { describe, expect, it } from 'vitest';
import { errorCatalogue, SUBSCRIPTION_WARNING_DAYS, USER_STATUS_PING_MS } from '@conversa/contracts';
import * as shellConstants from '../app/constants';
import { defaultTexts, merge, ptBR } from './catalogue';
import { areaTexts } from '../test/areaTexts';

/** The areas as the texts modules find them (every feature's texts/ folder, and i18n's own). */
const areas = areaTexts;
const languageOf = (name: 'en' | 'es' | 'tr') => merge(Object.values(areas).map((area) => area[name]));
const files = { 'pt-BR': ptBR, en: languageOf('en'), es: languageOf('es'), tr: languageOf('tr') } as Record<string, Record<string, string>>;

describe('message files', () => {
  it('all four have exactly the same keys', () => {
    const reference = Object.keys(ptBR).sort();
    for (const [language, messages] of Object.entries(files)) {
      expect(Object.keys(messages).sort(), language).toEqual(reference);
    }
  });

  it('define each key in one area only, and each area the same keys in every language', () => {
    expect(Object.keys(areas)).toHaveLength(Object.keys(defaultTexts).length);
    const owners = new Map<string, string[]>();
    for (const [name, area] of Object.entries(areas)) {
      const reference = Object.keys(area.ptBR).sort();
      for (const language of ['en', 'es', 'tr'] as const) expect(Object.keys(area[language]).sort(), `${name} ${language}`).toEqual(reference);
      for (const key of reference) owners.set(key, [...(owners.get(key) ?? []), name]);
    }
    const twice = [...owners].filter(([, names]) => names.length > 1).map(([key, names]) => `${key}: ${names.join(', ')}`);
    expect(twice).toEqual([]);
  });

  it('translate every error code of the catalogue under errors.<CODE>', () => {
    for (const [language, messages] of Object.entries(files)) {
      for (const code of Object.keys(errorCatalogue)) {
        expect(messages[`errors.${code}`], `${language} errors.${code}`).toBeTruthy();
      }
    }
  });

  it('have no empty strings and keep the same placeholders in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)[,}]/g)].map((match) => match[1]).sort();
    for (const [key, reference] of Object.entries(ptBR)) {
      for (const [language, messages] of Object.entries(files)) {
        expect(messages[key]!.trim(), `${language} ${key}`).not.toBe('');
        expect(placeholders(messages[key]!), `${language} ${key}`).toEqual(placeholders(reference));
      }
    }
  });

  it('carry the spec texts in Portuguese as written', () => {
    expect(ptBR['login.invalidEmail']).toBe('Por favor, insira um email válido.');
    expect(ptBR['login.passwordTooShort']).toBe('A senha deve ter pelo menos 6 caracteres.');
    expect(ptBR['shell.accessedElsewhere']).toBe('Sua conta foi acessada em outro computador.');
    expect(ptBR['shell.noPermission']).toBe('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.');
    expect(ptBR['signup.validation.document']).toBe('CPF/CNPJ inválido');
  });
});

describe('shell constants', () => {
  it('equal the contract constants they mirror', () => {
    expect(shellConstants.USER_STATUS_PING_MS).toBe(USER_STATUS_PING_MS);
    expect(shellConstants.SUBSCRIPTION_WARNING_DAYS).toBe(SUBSCRIPTION_WARNING_DAYS);
  });
});
