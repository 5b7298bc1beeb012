import { describesSuccess } from '@conversa/api/docs/answers';
import { undocumentedRoute } from '@conversa/api/docs/openapi';
import { errorCatalogue } from '@conversa/contracts';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, bearer, startTestServer, type TestServer } from './harness';

let server: TestServer;
let document: any;
beforeAll(async () => {
  // With the built UI: its files and pages must stay out of the document.
  server = await startTestServer({ serveUi: true });
  const response = await server.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => server?.close());

const documentedRoutes = () => server.app.routeTable.filter((route) => !undocumentedRoute(route));
const operations = () =>
  Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

it('documents every registered API route, each with its declared contract, and nothing else', async () => {
  expect(document.openapi).toBe('3.1.0');
  const routes = documentedRoutes();
  expect(routes.length).toBeGreaterThan(200);
  const withoutContract = routes.filter((route) => route.contract === undefined).map((route) => `${route.method} ${route.url}`);
  expect(withoutContract, `routes without config.contract: ${withoutContract.join(', ')}`).toEqual([]);
  const documented = new Set(operations().map(({ path, method }) => `${method} ${path.replace(/\{\w+\}/g, '{}')}`));
  const missing = routes
    .filter((route) => !documented.has(`${route.method.toLowerCase()} ${route.url.replace(/(.)\/$/, '$1').replace(/:\w+/g, '{}')}`))
    .map((route) => `${route.method} ${route.url}`);
  expect(missing, `routes missing from the document: ${missing.join(', ')}`).toEqual([]);
  // The UI's files, its catch-all and the reference's own page are not API operations.
  const paths = Object.keys(document.paths);
  expect(
    paths.filter(
      (path) =>
        path.startsWith('/assets') ||
        path.includes('*') ||
        (/\.\w+$/.test(path) && path !== '/api/docs/openapi.json') ||
        path.startsWith('/api/docs/assets') ||
        path === '/api/docs',
    ),
  ).toEqual([]);
  expect(server.app.routeTable.some((route) => route.url.startsWith('/assets/'))).toBe(true);
  // One operation per method and path (`/schedules` and `/schedules/` are one).
  expect(operations().length).toBe(new Set(routes.map((route) => `${route.method} ${route.url.replace(/(.)\/$/, '$1').replace(/:\w+/g, '{}')}`)).size);
});

it('gives every route a 2xx schema and only error codes the catalogue has', () => {
  const undescribed = documentedRoutes()
    .filter((route) => !describesSuccess(route))
    .map((route) => `${route.method} ${route.url}`);
  expect(undescribed, `routes without a 2xx schema (contract.response or produces): ${undescribed.join(', ')}`).toEqual([]);
  const unknown = documentedRoutes().flatMap((route) =>
    (route.contract?.errors ?? []).filter((code) => !(code in errorCatalogue)).map((code) => `${route.method} ${route.url}: ${code}`),
  );
  expect(unknown).toEqual([]);
  for (const { path, method, operation } of operations()) {
    const success = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
    expect(success.length, `${method} ${path}`).toBeGreaterThan(0);
    for (const status of success.filter((s) => s !== '204')) expect(operation.responses[status].content, `${method} ${path} ${status}`).toBeDefined();
  }
});

it('says what each route takes, answers and refuses', () => {
  const { paths } = document;
  const create = paths['/webhooks'].post;
  expect(create.requestBody.content['application/json'].schema.properties).toHaveProperty('url');
  expect(create.responses['201'].content['application/json'].schema.properties).toHaveProperty('secret');
  expect(create.responses['400'].description).toContain('ERR_WEBHOOK_URL_REFUSED');
  expect(create.responses['403'].description).toContain('ERR_NO_PERMISSION');
  expect(paths['/webhooks/{id}/deliveries'].get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
    'path:id',
    'query:pageNumber',
  ]);
  expect(paths['/tags/{id}'].put.requestBody.content['application/json'].schema.properties).toHaveProperty('name');
  expect(paths['/contacts/upload'].post.requestBody.content).toHaveProperty(['multipart/form-data']);
  // Statuses the routes really answer.
  expect(Object.keys(paths['/auth/login'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
  expect(paths['/auth/login'].post.responses['200'].content['application/json'].schema.properties).toHaveProperty('token');
  expect(paths['/auth/refresh_token'].post.responses['401'].description).toContain('ERR_SESSION_EXPIRED');
  expect(paths['/contacts'].post.responses['409'].description).toContain('ERR_DUPLICATED_CONTACT');
  expect(paths['/tickets'].get.responses['200'].content['application/json'].schema.properties.tickets.items).toEqual({
    $ref: '#/components/schemas/TicketView',
  });
  expect(document.components.schemas.TicketView.properties).toHaveProperty('contact');
  expect(paths['/whatsapp'].post.responses['201'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ConnectionView' });
});

it('names the credential each operation needs', () => {
  const { paths, components } = document;
  expect(Object.keys(components.securitySchemes).sort()).toEqual(['accessToken', 'connectionToken', 'metricsToken', 'refreshCookie']);
  expect(components.securitySchemes.refreshCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'jrt' });
  expect(paths['/webhooks'].post.security).toEqual([{ accessToken: [] }]);
  expect(paths['/tickets'].get.security).toEqual([{ accessToken: [] }]);
  expect(paths['/auth/login'].post.security).toEqual([]);
  expect(paths['/auth/refresh_token'].post.security).toEqual([{ refreshCookie: [] }]);
  expect(paths['/api/messages/send'].post.security).toEqual([{ connectionToken: [] }]);
  expect(paths['/sandbox/{id}/messages'].post.security).toEqual([{ connectionToken: [] }]);
  expect(paths['/sandbox/{id}/outbox'].get.security).toEqual([{ connectionToken: [] }]);
  expect(paths['/metrics'].get.security).toEqual([{ metricsToken: [] }]);
  expect(paths['/health'].get.security).toEqual([]);
  for (const { path, method, operation } of operations()) {
    for (const requirement of operation.security)
      for (const name of Object.keys(requirement)) expect(components.securitySchemes, `${method} ${path}`).toHaveProperty(name);
  }
});

it('keeps optional things optional and describes the messages API as it is called', async () => {
  const { paths } = document;
  const query = (path: string, method = 'get') => (paths[path][method].parameters ?? []).filter((p: { in: string }) => p.in === 'query');
  const showAll = query('/tickets').find((p: { name: string }) => p.name === 'showAll');
  expect(showAll).toMatchObject({ required: false, schema: { type: 'boolean' } });
  expect(query('/tickets').filter((p: { required: boolean }) => p.required)).toEqual([]);
  expect(query('/campaigns').find((p: { name: string }) => p.name === 'pageNumber').required).toBe(false);
  // What the document types as boolean, the server reads as one (true/false, and 1/0 as forms send).
  const { token } = await server.login(ADMIN.email, ADMIN.password);
  for (const value of ['true', 'false', '1', '0']) {
    const response = await server.app.inject({ method: 'GET', url: `/tickets?showAll=${value}&withUnreadMessages=${value}`, headers: bearer(token) });
    expect(response.statusCode, `showAll=${value}`).toBe(200);
  }
  expect((await server.app.inject({ method: 'GET', url: '/tickets?showAll=maybe', headers: bearer(token) })).statusCode).toBe(400);
  const send = paths['/api/messages/send'].post;
  expect(send.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false })]);
  expect(send.requestBody.content['application/json'].schema.required).toContain('number');
  expect(send.requestBody.content['multipart/form-data'].schema.properties.medias).toMatchObject({
    type: 'array',
    items: { type: 'string', format: 'binary' },
  });
  expect(paths['/messages/{ticketId}'].post.requestBody.content['multipart/form-data'].schema.properties).toHaveProperty('medias');
});

it('gives each path one template, whatever its routes call their parameters', () => {
  const shapes = Object.keys(document.paths).map((path) => path.replace(/\{\w+\}/g, '{}'));
  expect(shapes.length).toBe(new Set(shapes).size);
  const remove = document.paths['/messages/{ticketId}'].delete;
  expect(remove.parameters[0]).toMatchObject({ name: 'ticketId', in: 'path', description: 'The id.' });
});

it('passes @redocly/cli lint with no errors', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'conversa-openapi-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const redocly = join(dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.bin/redocly');
  // Exit 1 on any error; warnings are printed and allowed.
  const result = await promisify(execFile)(redocly, ['lint', file, '--format=stylish'], { maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout: string; stderr: string; code: number }) => error,
  );
  expect('code' in result ? result.code : 0, `${result.stdout}\n${result.stderr}`.slice(-4000)).toBe(0);
}, 60_000);

it('serves a readable reference from this origin', async () => {
  const page = await server.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: 'text/html' } });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('/api/docs/assets/swagger-ui-bundle.js');
  expect(page.body).not.toMatch(/https?:\/\//);
  const script = await server.app.inject({ method: 'GET', url: '/api/docs/assets/swagger-ui-bundle.js' });
  expect(script.statusCode).toBe(200);
  expect(script.headers['content-type']).toContain('javascript');
  expect((await server.app.inject({ method: 'GET', url: '/api/docs/assets/..%2Fpackage.json' })).statusCode).toBe(400);
});
