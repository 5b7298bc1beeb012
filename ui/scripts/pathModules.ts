import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The app's modules on the path to the first ticket row, with their code: what main.tsx reaches by static imports (not
 * `import type`) and the targets of `lazy(…, 'core')` loaders, and their static imports. i18n/texts.spec.ts checks
 * their texts; the build's icon sets (iconSets.ts) split on it.
 */
export function modulesOnThePath(src: string): Map<string, string> {
  const resolve = (from: string, specifier: string) =>
    ['.ts', '.tsx', '/index.ts', '/index.tsx', '']
      .map((suffix) => join(dirname(from), specifier + suffix))
      .find((path) => existsSync(path) && statSync(path).isFile());
  const reached = new Map<string, string>();
  const queue = [join(src, 'main.tsx')];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (reached.has(file)) continue;
    const code = readFileSync(file, 'utf8');
    reached.set(file, code);
    const statics = [...code.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'(\.[^']+)'/gm)].map((match) => match[1]!);
    const coreLazy = [...code.matchAll(/lazy\(\s*\(\)\s*=>\s*import\('(\.[^']+)'\)[^;]*?,\s*'core'\)/g)].map((match) => match[1]!);
    for (const specifier of [...statics, ...coreLazy]) {
      const target = resolve(file, specifier);
      if (target) queue.push(target);
    }
  }
  return reached;
}
