import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; source maps are read by developer tools only, images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than a packet's headers. */
const MIN_BYTES = 512;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text file of the build, once, so the server
 * sends the compressed bytes by the request's Accept-Encoding without compressing on each request
 * (services/server/src/http.ts). Runs after every other plugin has written (the service worker is stamped by then).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'conversa-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(files.map((name) => compressFile(join(outDir, name))));
      this.info(`precompressed ${files.length} files in ${relative(process.cwd(), outDir)} (brotli and gzip)`);
    },
  };
}

async function compressFile(path: string): Promise<void> {
  const source = await readFile(path);
  if (source.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
    gzipAsync(source, { level: 9 }),
  ]);
  // A copy that is not smaller is left out: the server then sends the file as it is.
  if (br.length < source.length) await writeFile(`${path}.br`, br);
  if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
}
