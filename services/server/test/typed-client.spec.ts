import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateClientTypes } from '../../testing/typed-client/generate';
import { ADMIN, startTestServer, type TestServer } from './harness';

/**
 * An integrator's client, from tools nobody here wrote: openapi-typescript generates the types of the
 * served document, tsc checks a script written against them under strict, and the script runs
 * (openapi-fetch) against a started server: log in, connection, contact, ticket, message, the
 * ticket list, a send through the messages API, a webhook.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const clientDir = join(root, 'services/testing/typed-client');
const run = promisify(execFile);

type ClientFlow = (
  baseUrl: string,
  credentials: { email: string; password: string },
  webhookUrl: string,
) => Promise<{ ticketId: number; messageIds: string[]; listedTicketIds: number[]; apiTicketId: number; webhookId: number }>;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listen: true, env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' } });
  await server.wiring.sessions.start();
});
afterAll(() => server?.close());

it('generates a typed client from the served document that type-checks under strict and works end to end', async () => {
  const document = await (await fetch(`${server.url}/api/docs/openapi.json`)).json();
  await generateClientTypes(document, join(clientDir, 'openapi.d.ts'));
  // A type error in the script (an answer typed unknown, a required query parameter, a wrong body) fails here.
  const tsc = join(root, 'node_modules/.bin/tsc');
  expect(existsSync(tsc)).toBe(true);
  await run(tsc, ['-p', join(clientDir, 'tsconfig.json')]).catch((error: { stdout?: string; message: string }) => {
    throw new Error(`the typed client does not type-check:\n${error.stdout ?? error.message}`);
  });

  // Loaded by path: the root typecheck must not follow the script to the types generated only here.
  const { clientFlow } = (await import(pathToFileURL(join(clientDir, 'flow.ts')).href)) as { clientFlow: ClientFlow };
  const result = await clientFlow(server.url, { email: ADMIN.email, password: ADMIN.password }, 'http://127.0.0.1:9/typed-client-hook');
  expect(result.messageIds).toHaveLength(1);
  expect(result.listedTicketIds).toContain(result.ticketId);
  expect(result.apiTicketId).toBeGreaterThan(0);
  expect(result.webhookId).toBeGreaterThan(0);
}, 120_000);
