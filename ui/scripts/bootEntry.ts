import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The conversations screen's module, whose files the boot script preloads on /tickets. */
const TICKETS_PAGE = /[\\/]features[\\/]tickets[\\/]TicketsPage\.tsx$/;

/**
 * ui/src/boot.ts as an entry of its own, named in index.html's head as an async module script (Vite would fold a
 * second module script of index.html into the app's entry, which runs only once all its imports have arrived), and
 * a meta element listing the conversations screen's files for it. The list lives in index.html, which is
 * revalidated on every use, so a hashed boot file never names another release's files.
 */
export function bootEntry(): Plugin {
  return {
    name: 'conversa-boot-entry',
    apply: 'build',
    config(config) {
      const root = config.root ?? process.cwd();
      return { build: { rollupOptions: { input: { index: join(root, 'index.html'), boot: join(root, 'src/boot.ts') } } } };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = (context.bundle ?? {}) as OutputBundle;
        const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
        const boot = chunks.find((chunk) => chunk.isEntry && chunk.name === 'boot');
        const page = chunks.find((chunk) => chunk.facadeModuleId !== null && TICKETS_PAGE.test(chunk.facadeModuleId));
        const app = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
        if (!boot || !page || !app) throw new Error('bootEntry: the boot entry, the app entry or the tickets page chunk is not in the bundle');
        if (boot.imports.length > 0) throw new Error(`bootEntry: ui/src/boot.ts must import nothing (it imports ${boot.imports.join(', ')})`);
        // Right after the title: ahead of the app's script and its preloads, so it is among the first requests.
        const tags = `<meta name="conversa-tickets-files" content="${pageFiles(page, app, bundle).join(' ')}">\n    <script type="module" async crossorigin src="/${boot.fileName}"></script>`;
        if (!html.includes('</title>')) throw new Error('bootEntry: index.html has no title to put the boot script after');
        return html.replace('</title>', `</title>\n    ${tags}`);
      },
    },
  };
}

/** The page's files that the app's entry does not already bring (index.html preloads those). */
function pageFiles(page: OutputChunk, app: OutputChunk, bundle: OutputBundle): string[] {
  const loaded = new Set(staticClosure(app, bundle));
  return staticClosure(page, bundle)
    .filter((file) => !loaded.has(file))
    .map((file) => `/${file}`);
}

/** A chunk and every chunk it imports statically, transitively: what its dynamic import fetches. */
function staticClosure(chunk: OutputChunk, bundle: OutputBundle): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const item = bundle[name];
    if (item?.type === 'chunk') item.imports.forEach(visit);
  };
  visit(chunk.fileName);
  return [...seen];
}
