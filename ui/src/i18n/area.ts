/**
 * One area's translations: the pt-BR texts (default and fallback, the spec's wording) and the same keys in
 * every other language. `satisfies AreaMessages<keyof typeof ptBR>` makes a missing or extra key a type error.
 */
export interface AreaMessages<Key extends string> {
  'pt-BR': Readonly<Record<Key, string>>;
  en: Readonly<Record<Key, string>>;
  es: Readonly<Record<Key, string>>;
  tr: Readonly<Record<Key, string>>;
}
