import { describe, expect, it } from 'vitest';

/** Every source file of the base and of the features, as text (tests included: they follow the same direction). */
const sources = import.meta.glob(['../app/**/*.{ts,tsx}', '../features/**/*.{ts,tsx}', '../shared/**/*.{ts,tsx}', '../i18n/**/*.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const importsOf = (source: string) => [...source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1]!);

describe('module boundaries', () => {
  it('reads the sources it checks', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  // The shell assembles the features; a feature (or the base, or shared) that reached back into it would close a circle.
  it('keeps app, shared, i18n and the features from importing the shell', () => {
    const upward = Object.entries(sources).flatMap(([file, source]) =>
      importsOf(source)
        .filter((target) => /(^|\/)shell\//.test(target))
        .map((target) => `${file} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('keeps shared free of features', () => {
    const inward = Object.entries(sources)
      .filter(([file]) => file.startsWith('../shared/'))
      .flatMap(([file, source]) =>
        importsOf(source)
          .filter((target) => target.includes('features/'))
          .map((target) => `${file} → ${target}`),
      );
    expect(inward).toEqual([]);
  });
});
