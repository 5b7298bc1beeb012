import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { chosenEncoding } from '../src/ui-files';
import { startTestServer, type TestServer } from './harness';

/** The built UI on the wire: precompressed copies by Accept-Encoding, hashed files cached for good, the rest revalidated. */
let server: TestServer;
const uiDir = loadConfig({}).uiDir;
const script = readdirSync(join(uiDir, 'assets')).find((name) => /^index-.*\.js$/.test(name))!;
const plainScript = readFileSync(join(uiDir, 'assets', script));

beforeAll(async () => {
  server = await startTestServer({ serveUi: true });
});
afterAll(() => server?.close());

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('the built UI', () => {
  it('sends a hashed script as brotli, else gzip, else plain, varying on Accept-Encoding and cached for a year', async () => {
    const br = await get(`/assets/${script}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).equals(plainScript)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plainScript.length / 3);

    const gzip = await get(`/assets/${script}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plainScript)).toBe(true);

    const plain = await get(`/assets/${script}`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(plainScript)).toBe(true);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates the page, the service worker and the favicon on every use', async () => {
    const page = await get('/tickets', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain(`/assets/${script}`);
    for (const path of ['/service-worker.js', '/index.html', '/favicon.svg']) {
      const answer = await get(path, { 'accept-encoding': 'br' });
      expect(answer.statusCode, path).toBe(200);
      expect(answer.headers['cache-control'], path).toBe('no-cache');
    }
    // The worker precaches the index by its path, as any fetch asks for it (no Accept: text/html).
    expect((await get('/index.html')).body).toContain('<div id="root">');
  });

  it('tells a client that is not a browser where the API reference is, and gives a browser the app at /', async () => {
    const api = await get('/');
    expect(api.statusCode).toBe(200);
    expect(api.json()).toMatchObject({ docs: '/api/docs', ui: expect.stringContaining('browsers') });
    const page = await get('/', { accept: 'text/html,application/xhtml+xml' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
  });
});

describe('API answers', () => {
  it('go out compressed from 1 KiB on, by Accept-Encoding, and small ones as they are', async () => {
    const plain = await get('/api/docs/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/docs/openapi.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    const gzip = await get('/api/docs/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    const small = await get('/', { 'accept-encoding': 'br' });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('the encoding chosen', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(chosenEncoding('gzip, deflate, br')).toBe('br');
    expect(chosenEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(chosenEncoding('deflate')).toBeUndefined();
    expect(chosenEncoding(undefined)).toBeUndefined();
  });
});
