import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { createIntl, createIntlCache, IntlProvider, useIntl, type IntlShape } from 'react-intl';
import type { Language } from '@conversa/contracts';
import type { MessageKey } from './keys';
import { isShownKey, requestLanguage, shownTexts, subscribeTexts } from './texts';

export type { MessageKey };
export const languages: readonly Language[] = ['pt-BR', 'en', 'es', 'tr'];

/** The chosen language's texts, shown once loaded (until then the previous language's); see ./texts.ts. */
export function I18nProvider({ language, children }: { language: Language; children: ReactNode }) {
  const shown = useSyncExternalStore(subscribeTexts, shownTexts);
  useEffect(() => {
    // A language that fails to load falls back to pt-BR, whose core ships with the app.
    requestLanguage(language).catch(() => undefined);
  }, [language]);

  useEffect(() => {
    document.documentElement.lang = shown.language;
  }, [shown.language]);

  return (
    <IntlProvider locale={shown.language} defaultLocale="pt-BR" messages={shown.messages as Record<string, string>}>
      {children}
    </IntlProvider>
  );
}

type Values = Record<string, string | number | boolean | null | undefined | Date>;

const cache = createIntlCache();
let current: { shown: ReturnType<typeof shownTexts>; intl: IntlShape } | undefined;
/**
 * Translates with the texts shown now, outside React: for a toast raised after its texts loaded (app/notify.ts), when
 * the `t` of the render that started it still holds the texts of before. Same formatter the IntlProvider makes.
 */
export function translate(id: MessageKey, values?: Values): string {
  const shown = shownTexts();
  if (current?.shown !== shown)
    current = { shown, intl: createIntl({ locale: shown.language, defaultLocale: 'pt-BR', messages: shown.messages as Record<string, string> }, cache) };
  return current.intl.formatMessage({ id }, values);
}

/** Typed translation: only keys that exist in the message files compile. */
export function useT() {
  const intl = useIntl();
  return (id: MessageKey, values?: Values): string => intl.formatMessage({ id }, values);
}

/** Whether a computed key (an error code's) has a text among those shown (the error texts once loaded, ./texts.ts). */
export const isMessageKey = (key: string): key is MessageKey => isShownKey(key);
