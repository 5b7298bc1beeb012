import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ptBR } from './catalogue';
import { partOf } from '../i18n/parts';
import { modulesOnThePath } from '../../scripts/pathModules';

/**
 * Only the core texts ship with the app (./parts.ts): a module that runs before any lazy loader brought the rest must
 * not ask for another text, or the screen would show its id; an error code's text only where it waits for them
 * (loadErrorTexts, as app/notify.ts does). These modules are the ones main.tsx reaches by static
 * imports, plus what a `lazy(…, 'core')` loads (the tickets screen, the notifications bell), and their static imports.
 */
const src = join(import.meta.dirname, '..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(spec|d)\.tsx?$/.test(name) ? [path] : [];
  });

const onThePath = () => modulesOnThePath(src);

const keys = Object.keys(ptBR);

describe('texts on the path to the first ticket row', () => {
  it('are all core texts', () => {
    const path = onThePath();
    expect(path.has(join(src, 'features/tickets/TicketsPage.tsx'))).toBe(true);
    const outside: string[] = [];
    for (const [file, code] of path) {
      const literals = [...code.matchAll(/['"]([A-Za-z][\w-]*(?:\.[\w-]+)+)['"]/g)].map((match) => match[1]!).filter((key) => key in ptBR);
      const prefixes = [...code.matchAll(/`([A-Za-z][\w-]*(?:\.[\w-]+)*\.)\$\{/g)].map((match) => match[1]!);
      const used = [...literals, ...prefixes.flatMap((prefix) => keys.filter((key) => key.startsWith(prefix)))];
      const waitsForErrors = /\bloadErrorTexts\(\)/.test(code);
      for (const key of used) if (partOf(key) !== 'core' && !(waitsForErrors && partOf(key) === 'errors')) outside.push(`${relative(src, file)}: ${key}`);
    }
    expect([...new Set(outside)]).toEqual([]);
  });

  it('keep the error codes out of the core part but the generic one, and the error toast waits for them', () => {
    expect(partOf('errors.ERR_NO_PERMISSION')).toBe('errors');
    expect(partOf('errors.generic')).toBe('core');
    const notify = onThePath().get(join(src, 'app/notify.ts'));
    expect(notify).toMatch(/loadErrorTexts\(\)/);
  });

  it('are loaded by lazy components made with ./lazy.ts only', () => {
    const reactLazy = sourceFiles(src).filter((file) => /import\s*\{[^}]*\blazy\b[^}]*\}\s*from\s*'react'/.test(readFileSync(file, 'utf8')));
    expect(reactLazy.map((file) => relative(src, file))).toEqual(['i18n/lazy.ts']);
  });
});
