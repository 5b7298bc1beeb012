type Language = 'ptBR' | 'en' | 'es' | 'tr';
export type AreaTexts = Record<Language, Record<string, string>>;

/** i18n's own areas: one module each, exporting the four languages. */
const own = import.meta.glob<AreaTexts>(['../i18n/common.ts', '../i18n/errors.ts', '../i18n/shell.ts'], { eager: true });
/** A feature's texts: texts/<language>.ts, each exporting its language. */
const perLanguage = import.meta.glob<Partial<AreaTexts>>('../features/*/texts/*.ts', { eager: true });

/** Every area's texts in the four languages, as the texts modules (scripts/textsPlugin.ts) find them, keyed by area. */
export const areaTexts: Record<string, AreaTexts> = { ...own };
for (const [file, texts] of Object.entries(perLanguage)) {
  const area = file.replace(/\/texts\/\w+\.ts$/, '');
  areaTexts[area] = { ...areaTexts[area], ...texts } as AreaTexts;
}
