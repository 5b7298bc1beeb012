import type { Language } from '@conversa/contracts';
import ptBRCore from 'virtual:texts/pt-BR/core';
import type { TextsPart } from './parts';

/**
 * The texts the IntlProvider shows, as a store: the language shown and the parts of it loaded so far. pt-BR's core
 * ships with the app; every other part loads when first wanted (see ./parts.ts). Values are strings, or ICU message
 * ASTs in a production build (scripts/textsPlugin.ts).
 */
export type Texts = Readonly<Record<string, unknown>>;
export type Shown = { readonly language: Language; readonly parts: ReadonlySet<TextsPart>; readonly messages: Texts };

type Loader = () => Promise<{ default: Texts }>;
const loaders: Record<Language, Record<TextsPart, Loader>> = {
  'pt-BR': {
    core: () => Promise.resolve({ default: ptBRCore }),
    errors: () => import('virtual:texts/pt-BR/errors'),
    rest: () => import('virtual:texts/pt-BR/rest'),
  },
  en: { core: () => import('virtual:texts/en/core'), errors: () => import('virtual:texts/en/errors'), rest: () => import('virtual:texts/en/rest') },
  es: { core: () => import('virtual:texts/es/core'), errors: () => import('virtual:texts/es/errors'), rest: () => import('virtual:texts/es/rest') },
  tr: { core: () => import('virtual:texts/tr/core'), errors: () => import('virtual:texts/tr/errors'), rest: () => import('virtual:texts/tr/rest') },
};
const loading = new Map<string, Promise<Texts>>();
const loadPart = (language: Language, part: TextsPart): Promise<Texts> => {
  const key = `${language}/${part}`;
  let texts = loading.get(key);
  if (!texts) {
    texts = loaders[language][part]().then((module) => module.default);
    // A failed load (offline) is retried the next time the part is wanted.
    texts.catch(() => loading.delete(key));
    loading.set(key, texts);
  }
  return texts;
};

let shown: Shown = { language: 'pt-BR', parts: new Set(['core']), messages: ptBRCore };
let requested: Language = 'pt-BR';
const wanted = new Set<TextsPart>(['core']);
const listeners = new Set<() => void>();

export const shownTexts = (): Shown => shown;
export function subscribeTexts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const complete = (state: Shown, language: Language) => state.language === language && [...wanted].every((part) => state.parts.has(part));

let latest = 0;
/** Loads every wanted part of the language and shows it; pt-BR if that language cannot be loaded. */
async function show(language: Language): Promise<void> {
  // Counted even when nothing loads: a slower call for another language, still loading, must not show after this.
  const call = ++latest;
  if (complete(shown, language)) return;
  const parts = [...wanted];
  let messages: Texts[];
  try {
    messages = await Promise.all(parts.map((part) => loadPart(language, part)));
  } catch (error) {
    if (language === 'pt-BR') throw error;
    return call === latest ? show('pt-BR') : undefined;
  }
  // Another language was chosen, or another part wanted, meanwhile: the later call shows its own result.
  if (call !== latest) return;
  shown = { language, parts: new Set(parts), messages: Object.assign({}, ...messages) as Texts };
  for (const listener of listeners) listener();
}

/** The language the user chose (the IntlProvider's); shown once its wanted parts are loaded. */
export function requestLanguage(language: Language): Promise<void> {
  requested = language;
  return show(language);
}

/** Resolves once these parts are shown in the chosen language (or in pt-BR, if that language failed to load). */
function load(parts: readonly TextsPart[]): Promise<void> {
  if (parts.every((part) => wanted.has(part) && shown.parts.has(part))) return Promise.resolve();
  for (const part of parts) wanted.add(part);
  const done = new Promise<void>((resolve) => {
    const check = () => {
      if (!parts.every((part) => shown.parts.has(part))) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = subscribeTexts(check);
  });
  return Promise.all([show(requested), done]).then(() => undefined);
}

/** Resolves once every text is shown in the chosen language (or in pt-BR, if that language failed to load). */
export const loadAllTexts = (): Promise<void> => load(['errors', 'rest']);

/** Resolves once the error codes' texts are shown (a request failed before anything brought the rest). */
export const loadErrorTexts = (): Promise<void> => load(['errors']);

/** A key of the texts shown (the `errors.*` keys once loadErrorTexts or loadAllTexts resolved). */
export const isShownKey = (key: string): boolean => Object.prototype.hasOwnProperty.call(shown.messages, key);
