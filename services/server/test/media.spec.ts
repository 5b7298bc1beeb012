import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../../media/test/samples';
import { bearer, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let adminToken: string;
let otherToken: string;
let otherCompanyId: number;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await server.login()).token;
  const other = await signupCompany(server, 'Outra Empresa', 77);
  otherCompanyId = other.companyId;
  otherToken = (await server.login(other.email, other.password)).token;
});

afterAll(async () => {
  await server?.close();
});

describe('GET /media/:companyId/:file', () => {
  it('serves a stored file to users of its company, with its sniffed type and uploaded name', async () => {
    const stored = await server.wiring.ctx.media.save({ companyId: 1, data: samples.png, declaredMime: 'text/html', originalName: 'foto açaí.png' });
    const response = await server.app.inject({ method: 'GET', url: stored.url, headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('foto açaí.png')}`);
    expect(response.rawPayload).toEqual(samples.png);
  });

  it('offers documents that a browser should not render as downloads', async () => {
    const stored = await server.wiring.ctx.media.save({ companyId: 1, data: samples.cfb, declaredMime: 'application/vnd.ms-excel', originalName: 'planilha.xls' });
    const response = await server.app.inject({ method: 'GET', url: stored.url, headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.ms-excel');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="planilha.xls"/);
  });

  it('answers 404 to another company, for its own url or a rewritten one', async () => {
    const stored = await server.wiring.ctx.media.save({ companyId: 1, data: samples.pdf, originalName: 'contrato.pdf' });
    const foreign = await server.app.inject({ method: 'GET', url: stored.url, headers: bearer(otherToken) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('ERR_NOT_FOUND');
    const rewritten = await server.app.inject({ method: 'GET', url: stored.url.replace('/media/1/', `/media/${otherCompanyId}/`), headers: bearer(otherToken) });
    expect(rewritten.statusCode).toBe(404);
  });

  it('requires a login', async () => {
    const stored = await server.wiring.ctx.media.save({ companyId: 1, data: samples.pdf, originalName: 'contrato.pdf' });
    const response = await server.app.inject({ method: 'GET', url: stored.url });
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 to path tricks and missing files', async () => {
    for (const url of ['/media/1/..%2F..%2Fjwt-secret', '/media/1/%2e%2e', '/media/1/00000000-0000-0000-0000-000000000000.png', '/media/1/x.png.json']) {
      const response = await server.app.inject({ method: 'GET', url, headers: bearer(adminToken) });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
