import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Language } from '@conversa/contracts';
import { ptBR, type MessageKey, type Messages } from './catalogue';

export type { MessageKey, Messages };
export const languages: readonly Language[] = ['pt-BR', 'en', 'es', 'tr'];

/** pt-BR ships with the shell (default and fallback); the others load when chosen. */
const loaders: Record<Exclude<Language, 'pt-BR'>, () => Promise<Messages>> = {
  en: () => import('./en').then((m) => m.en),
  es: () => import('./es').then((m) => m.es),
  tr: () => import('./tr').then((m) => m.tr),
};

export const loadMessages = (language: Language): Promise<Messages> => (language === 'pt-BR' ? Promise.resolve(ptBR) : loaders[language]());

export function I18nProvider({ language, children }: { language: Language; children: ReactNode }) {
  const [loaded, setLoaded] = useState<{ language: Language; messages: Messages }>({ language: 'pt-BR', messages: ptBR });
  useEffect(() => {
    let current = true;
    loadMessages(language).then(
      (messages) => current && setLoaded({ language, messages }),
      () => current && setLoaded({ language: 'pt-BR', messages: ptBR }),
    );
    return () => {
      current = false;
    };
  }, [language]);

  useEffect(() => {
    document.documentElement.lang = loaded.language;
  }, [loaded.language]);

  return (
    <IntlProvider locale={loaded.language} defaultLocale="pt-BR" messages={loaded.messages}>
      {children}
    </IntlProvider>
  );
}

type Values = Record<string, string | number | boolean | null | undefined | Date>;

/** Typed translation: only keys that exist in the message files compile. */
export function useT() {
  const intl = useIntl();
  return (id: MessageKey, values?: Values): string => intl.formatMessage({ id }, values);
}

export const isMessageKey = (key: string): key is MessageKey => Object.prototype.hasOwnProperty.call(ptBR, key);
