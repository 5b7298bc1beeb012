import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

/**
 * `virtual:texts/<language>/<core|errors|rest>`: one language's texts of one part (ui/src/i18n/parts.ts), every area merged,
 * computed from the area modules when the bundle is made, so the app's chunks carry only the part they need.
 *
 * With `precompile` (the production build) each text is its ICU message AST instead of the string: react-intl formats
 * it as is, and the ICU parser is left out of the bundle (vite.config.ts aliases it to its no-parser build). Dev and
 * tests keep the strings (and the parser), which react-intl parses on first use as before.
 */
export function textsPlugin({ precompile }: { precompile: boolean }): Plugin {
  const src = join(import.meta.dirname, '../src');
  const prefix = 'virtual:texts/';
  const exportOf = { 'pt-BR': 'ptBR', en: 'en', es: 'es', tr: 'tr' } as const;
  type Language = keyof typeof exportOf;
  const areaFiles = () => [
    ...['common', 'errors', 'shell'].map((name) => join(src, 'i18n', `${name}.ts`)),
    // A feature's texts: one file per language under texts/, each exporting that language (ptBR, en, es, tr).
    ...readdirSync(join(src, 'features'))
      .flatMap((feature) => Object.values(exportOf).map((language) => join(src, 'features', feature, 'texts', `${language}.ts`)))
      .filter((file) => existsSync(file)),
  ];
  const load = (file: string) => tsImport(pathToFileURL(file).href, import.meta.url) as Promise<Record<string, Record<string, string>>>;
  // The area modules, read once per build (eight texts modules share them).
  let sources: Promise<[typeof import('../src/i18n/parts'), Record<string, Record<string, string>>[]]> | undefined;

  async function texts(language: Language, part: string): Promise<Record<string, unknown>> {
    sources ??= Promise.all([
      load(join(src, 'i18n', 'parts.ts')) as unknown as Promise<typeof import('../src/i18n/parts')>,
      Promise.all(areaFiles().map(load)),
    ]);
    const [{ partOf }, areas] = await sources;
    const result: Record<string, unknown> = {};
    for (const area of areas) {
      for (const [key, text] of Object.entries(area[exportOf[language]] ?? {})) {
        if (partOf(key) === part) result[key] = precompile ? parse(text) : text;
      }
    }
    return result;
  }

  return {
    name: 'conversa-texts',
    buildStart() {
      sources = undefined;
    },
    watchChange() {
      sources = undefined;
    },
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const [language, part] = id.slice(prefix.length + 1).split('/') as [Language, string];
      if (!(language in exportOf) || !['core', 'errors', 'rest'].includes(part)) this.error(`unknown texts module ${id}`);
      for (const file of areaFiles()) this.addWatchFile(file);
      return `export default ${JSON.stringify(await texts(language, part))};`;
    },
  };
}
