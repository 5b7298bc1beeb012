import { undocumentedRoute } from '@conversa/api/docs/openapi';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

it('documents every registered route, each with its declared contract', async () => {
  const response = await server.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(response.statusCode).toBe(200);
  const document = response.json();
  expect(document.openapi).toBe('3.1.0');
  const routes = server.app.routeTable.filter((route) => !undocumentedRoute(route));
  expect(routes.length).toBeGreaterThan(100);
  const withoutContract = routes.filter((route) => route.contract === undefined).map((route) => `${route.method} ${route.url}`);
  expect(withoutContract, `routes without config.contract: ${withoutContract.join(', ')}`).toEqual([]);
  const missing = routes
    .filter((route) => !document.paths[(route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url).replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()])
    .map((route) => `${route.method} ${route.url}`);
  expect(missing, `routes missing from the document: ${missing.join(', ')}`).toEqual([]);
});

it('says what each route takes, answers and refuses, and who may call it', async () => {
  const { paths } = (await server.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
  const create = paths['/webhooks'].post;
  expect(create.requestBody.content['application/json'].schema.properties).toHaveProperty('url');
  expect(create.requestBody.content['application/json'].schema.properties.events.items).toBeDefined();
  expect(create.responses['201'].content['application/json'].schema.properties).toHaveProperty('secret');
  expect(create.responses['400'].description).toContain('ERR_WEBHOOK_URL_REFUSED');
  expect(create.responses['403'].description).toContain('ERR_NO_PERMISSION');
  expect(create.security).toEqual([{ bearer: [] }]);
  expect(paths['/webhooks/{id}/deliveries'].get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(['path:id', 'query:pageNumber']);
  expect(paths['/auth/login'].post.security).toEqual([]);
  expect(paths['/tags/{id}'].put.requestBody.content['application/json'].schema.properties).toHaveProperty('name');
  expect(paths['/contacts/upload'].post.requestBody.content).toHaveProperty(['multipart/form-data']);
});

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
