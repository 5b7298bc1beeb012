import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/**
 * The built UI on the wire (docs/ui-bundle.md "On the wire"). The build writes a brotli and a gzip copy beside each
 * text file (ui/scripts/precompress.ts); a browser gets the one its Accept-Encoding names, never compressed per request.
 * Files under assets/ carry a content hash in their names: cached for a year, immutable. Every other file (index.html,
 * the service worker, the favicon) is `no-cache`: revalidated on each use, so a release is seen at once.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The built files, public (they carry no data; the login page loads before any token exists). */
export async function registerUiFiles(app: FastifyInstance, uiDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: uiDir,
    wildcard: false,
    index: false,
    decorateReply: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, path: string) => {
      void reply.header('cache-control', relative(uiDir, path).startsWith(`assets${sep}`) ? IMMUTABLE : REVALIDATE);
    },
  } as Parameters<typeof fastifyStatic>[1]);
}

/** The encoding to send a precompressed file in: brotli, else gzip, else none (q=0 refuses one). */
export function chosenEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

const EXTENSION = { br: '.br', gzip: '.gz' } as const;

/** index.html for a page a browser navigates to, in the encoding it accepts (the plain file when no copy exists). */
export async function sendIndex(request: FastifyRequest, reply: FastifyReply, uiDir: string): Promise<void> {
  const encoding = chosenEncoding(request.headers['accept-encoding']);
  const plain = join(uiDir, 'index.html');
  const compressed = encoding ? await readFile(plain + EXTENSION[encoding]).catch(() => null) : null;
  void reply.header('cache-control', REVALIDATE).header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  if (compressed) void reply.header('content-encoding', encoding);
  await reply.send(compressed ?? (await readFile(plain)));
}

/** What `GET /` answers a client that is not a browser asking for a page (curl, scripts): where the API is described. */
export function rootAnswer(serveUi: boolean) {
  return {
    name: 'Conversa',
    docs: '/api/docs',
    openapi: '/api/docs/openapi.json',
    ui: serveUi ? 'The web app is served to browsers at this address (requests that accept text/html).' : 'This process does not serve the web app.',
  };
}
