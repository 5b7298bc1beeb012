import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { modulesOnThePath } from './pathModules.ts';

const require = createRequire(import.meta.url);
const offPath = 'virtual:react-icons-off-path/';

/**
 * A react-icons set (`react-icons/lu`) is one module, and the bundler puts a module in one chunk: every icon the app
 * shows anywhere (≈ 160) sat in one chunk the tickets screen fetched whole. In the build, modules off the path to the
 * first row import a copy of the set instead (the same source under another id): each copy keeps only the icons its
 * importers use, so the path's chunk holds the path's icons (an icon used on both sides is in both copies, the
 * second one off the path). Dev and tests import the sets as they are.
 */
export function iconSets(): Plugin {
  const src = join(import.meta.dirname, '../src');
  let path: ReadonlyMap<string, string> = new Map();
  return {
    name: 'conversa-icon-sets',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      path = modulesOnThePath(src);
    },
    transform: {
      filter: { id: /[\\/]ui[\\/]src[\\/].*\.tsx?$/, code: 'react-icons/' },
      handler(code, id) {
        if (path.has(id)) return null;
        const rewritten = code.replace(/(\sfrom\s*['"])react-icons\/(\w+)(['"])/g, `$1${offPath}$2$3`);
        return rewritten === code ? null : { code: rewritten, map: null };
      },
    },
    resolveId(source) {
      return source.startsWith(offPath) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${offPath}`)) return null;
      const set = id.slice(offPath.length + 1);
      const file = require.resolve(`react-icons/${set}`).replace(/index\.js$/, 'index.mjs');
      return readFileSync(file, 'utf8').replace(/from\s*['"]\.\.\/lib\/index\.mjs['"]/, "from 'react-icons/lib'");
    },
  };
}
