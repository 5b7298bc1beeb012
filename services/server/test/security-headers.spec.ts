import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, startTestServer, type TestServer } from './harness';

/**
 * Security headers on the UI's pages, API answers and errors; the refresh cookie's Secure flag.
 * (The CSP is checked against the real UI in Chromium by the shell browser flow.)
 */
let server: TestServer;
beforeAll(async () => {
  // inject's requests come from 127.0.0.1: trusted as the proxy, its X-Forwarded-Proto tells https.
  server = await startTestServer({ serveUi: true, trustProxy: '127.0.0.1' });
});
afterAll(() => server?.close());

const expectHardened = (headers: Record<string, unknown>, what: string) => {
  const csp = String(headers['content-security-policy']);
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  // No Meta app on this server: the Facebook SDK is allowed nowhere.
  expect(csp, what).not.toContain('facebook');
  // Plain-http deployments (a LAN address) must keep working: no forced upgrade.
  expect(csp, what).not.toContain('upgrade-insecure-requests');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('same-origin');
  expect(headers['x-frame-options'], what).toBe('DENY');
};

describe('security headers', () => {
  it('are on the UI page, the static files, API answers and errors', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/tickets', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expectHardened(page.headers, 'page');
    // The socket's own origin is allowed to connect.
    expect(String(page.headers['content-security-policy'])).toMatch(/connect-src 'self' ws:\/\/localhost(:\d+)? wss:\/\/localhost/);
    expectHardened((await server.app.inject({ method: 'GET', url: '/favicon.svg' })).headers, 'static file');
    const { token } = await server.login();
    const api = await server.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    expect(api.statusCode).toBe(200);
    expectHardened(api.headers, 'API answer');
    const refused = await server.app.inject({ method: 'GET', url: '/auth/me' });
    expect(refused.statusCode).toBe(401);
    expectHardened(refused.headers, 'error');
  });

  it('leave a stored file its stricter policy', async () => {
    const stored = await server.wiring.ctx.media.save({
      companyId: 1,
      data: Buffer.from('notas do atendimento'),
      declaredMime: 'text/plain',
      originalName: 'notas.txt',
    });
    const { token } = await server.login();
    const response = await server.app.inject({ method: 'GET', url: stored.url, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });
});

describe('the refresh cookie', () => {
  const login = (headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url: '/auth/login', headers, payload: { email: ADMIN.email, password: ADMIN.password } }).then((response) => {
      expect(response.statusCode).toBe(200);
      return response.cookies.find((cookie) => cookie.name === 'jrt')!;
    });

  it('is Secure when the browser came over https (through the trusted proxy), not over plain http', async () => {
    expect((await login()).secure).toBeFalsy();
    const overHttps = await login({ 'x-forwarded-proto': 'https' });
    expect(overHttps.secure).toBe(true);
    expect(overHttps).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth' });
  });

  it('is Secure over http too with SECURE_COOKIES', async () => {
    server.wiring.ctx.secureCookies = true;
    try {
      expect((await login()).secure).toBe(true);
    } finally {
      server.wiring.ctx.secureCookies = false;
    }
  });
});
