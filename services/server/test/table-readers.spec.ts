import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A read table is read through its area's projections/<area>/queries.ts (docs/CONVENTIONS.md): services call
// those functions and never name a read.* table themselves, so a table's readers are found in one file.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const servicesDir = join(root, 'services');

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });

const tableUse = /(selectFrom|updateTable|deleteFrom|insertInto|innerJoin|leftJoin)\(\s*'read\.|\b(from|join|update|into)\s+read\.[a-z_]+/;
const isComment = (line: string) => /^\s*(\*|\/\/|\/\*)/.test(line);

describe('read tables', () => {
  it('are named by no service source: each is read through its area’s queries', () => {
    const files = readdirSync(servicesDir).flatMap((service) => {
      const src = join(servicesDir, service, 'src');
      return statSync(src, { throwIfNoEntry: false })?.isDirectory() ? sources(src) : [];
    });
    expect(files.length).toBeGreaterThan(100);
    const uses = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (tableUse.test(line) && !isComment(line) ? [`${relative(root, file)}:${index + 1}`] : [])),
    );
    expect(uses).toEqual([]);
  });
});
