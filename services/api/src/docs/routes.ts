import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { openApiDocument } from './openapi';

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** The renderer's files, served from the package (no CDN: the CSP allows only this origin's scripts). */
const assets: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: join(swaggerDir, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: join(swaggerDir, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
};

// No inline script (the CSP refuses it): the page starts the renderer from a file of its own.
const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conversa API</title><link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="reference"></div><script src="/api/docs/assets/swagger-ui-bundle.js"></script><script src="/api/docs/assets/start.js"></script></body></html>`;
const start = `window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#reference', deepLinking: true, tryItOutEnabled: false });`;

const AssetParams = z.object({ file: z.enum(['swagger-ui.css', 'swagger-ui-bundle.js', 'start.js']) });
const version = process.env.npm_package_version ?? '0.1.0';

/** The API reference: the OpenAPI 3.1 document generated from the routes' contracts, and Swagger UI over it. */
export async function docsRoutes(app: FastifyInstance, _ctx: ApiContext): Promise<void> {
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get(
    '/api/docs/openapi.json',
    {
      config: {
        auth: 'public',
        contract: {
          summary: 'This API as an OpenAPI 3.1 document',
          response: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
        },
      },
    },
    async () => (document ??= openApiDocument(app.routeTable, { version })),
  );

  app.get('/api/docs', { config: { auth: 'public', contract: { summary: 'The API reference (Swagger UI)', hidden: true } } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(page),
  );

  app.get(
    '/api/docs/assets/:file',
    { config: { auth: 'public', contract: { summary: "The reference's files", params: AssetParams, hidden: true } } },
    async (request, reply) => {
      const { file } = request.params;
      reply.header('cache-control', 'public, max-age=3600');
      if (file === 'start.js') return reply.type('text/javascript; charset=utf-8').send(start);
      const asset = assets[file]!;
      return reply.type(asset.type).send(await readFile(asset.file));
    },
  );
}
