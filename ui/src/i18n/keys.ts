/**
 * The message keys' type. The shell's catalogue (shell/catalogue.ts), which names every feature's texts, fills
 * `Catalogue` in by declaration merging, so i18n and the base are typed by every key without importing a feature.
 */
export interface Catalogue {}

export type MessageKey = Catalogue extends { key: infer Key extends string } ? Key : never;
export type Messages = Record<MessageKey, string>;
