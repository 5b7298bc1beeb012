import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

const WORKER = 'service-worker.js';

/**
 * Stamps dist/service-worker.js with the list of files to precache and a version hashed from them, so every deploy
 * that changes a byte of the shell installs a new worker (and shows the update prompt), while a rebuild of identical
 * sources keeps the old one. The list is the build's own output (every chunk and asset but source maps; index.html by
 * its path, the worker's shell) and the public files beside the worker.
 */
export function serviceWorkerManifest(): Plugin {
  let outDir = 'dist';
  let publicDir = 'public';
  let files: string[] = [];
  let digest = '';
  return {
    name: 'conversa-service-worker-manifest',
    apply: 'build',
    // After Vite's own html plugin, which emits index.html in its generateBundle.
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    async generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      const publicFiles = (await readdir(publicDir)).filter((name) => name !== WORKER);
      if (!bundle['index.html']) throw new Error('index.html is not in the bundle: the worker would have no shell');
      files = [...Object.keys(bundle).filter((name) => !name.endsWith('.map')), ...publicFiles].sort();
      for (const name of files) {
        const item = bundle[name];
        hash.update(name);
        if (!item) hash.update(await readFile(join(publicDir, name)));
        else hash.update(item.type === 'chunk' ? item.code : typeof item.source === 'string' ? item.source : Buffer.from(item.source));
      }
      digest = hash.digest('hex').slice(0, 16);
    },
    async writeBundle() {
      const target = join(outDir, WORKER);
      const source = await readFile(target, 'utf8');
      const stamped = source
        .replace("const VERSION = 'dev';", `const VERSION = '${digest}';`)
        .replace('const PRECACHE = [];', `const PRECACHE = ${JSON.stringify(files.map((name) => `/${name}`))};`);
      if (!stamped.includes(digest) || stamped.includes('const PRECACHE = [];')) throw new Error(`${WORKER}: VERSION or PRECACHE not found to stamp`);
      await writeFile(target, stamped);
    },
  };
}
