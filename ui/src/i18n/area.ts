/**
 * An area's texts in another language: exactly the keys of its pt-BR texts (default and fallback, the spec's
 * wording). `satisfies Translations<typeof ptBR>` makes a missing or extra key a type error.
 */
export type Translations<Texts> = { readonly [Key in keyof Texts]: string };
