import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loggerOptions, prettyLine, REDACTED, redactUrl } from '../src/logging';

it('reads a JSON log line as a person would, keeping its fields', () => {
  const line = JSON.stringify({
    level: 30,
    time: Date.UTC(2026, 0, 2, 3, 4, 5, 6),
    pid: 1,
    hostname: 'h',
    correlationId: 'abc-123',
    msg: 'request completed',
    responseTime: 4.2,
  });
  expect(prettyLine(line)).toBe('03:04:05.006 INFO  request completed  correlationId=abc-123 responseTime=4.2');
  expect(prettyLine('not json')).toBe('not json');
});

it('logs JSON by default and never the credentials a request carries', () => {
  const options = loggerOptions('json', 'info') as { level: string; stream?: unknown; redact: { paths: string[] } };
  expect(options.level).toBe('info');
  expect(options.stream).toBeUndefined();
  expect(options.redact.paths).toEqual(expect.arrayContaining(['req.headers.authorization', 'req.headers.cookie']));
  expect((loggerOptions('pretty') as { stream?: unknown }).stream).toBeDefined();
});

describe('the request log keeps no secret a URL or a header carries', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJl';

  it('redacts the secret query parameters and keeps the others', () => {
    expect(redactUrl(`/socket?token=${jwt}&companyId=1`)).toBe(`/socket?token=${REDACTED}&companyId=1`);
    expect(redactUrl('/api/verificar-code/5511944443333?code=482913&resetId=9f1c')).toBe(
      `/api/verificar-code/5511944443333?code=${REDACTED}&resetId=${REDACTED}`,
    );
    expect(redactUrl('/webhook?hub.mode=subscribe&hub.verify_token=planted-verify&hub.challenge=42')).toBe(
      `/webhook?hub.mode=subscribe&hub.verify_token=${REDACTED}&hub.challenge=42`,
    );
    // Spelled in other cases or percent-encoded, a parameter is still the same parameter to the server.
    expect(redactUrl('/x?ACCESS_TOKEN=a&hub%2Everify_token=b&resetid=c&refresh_token=d')).toBe(
      `/x?ACCESS_TOKEN=${REDACTED}&hub%2Everify_token=${REDACTED}&resetid=${REDACTED}&refresh_token=${REDACTED}`,
    );
    expect(redactUrl('/tickets?status=open')).toBe('/tickets?status=open');
    expect(redactUrl('/tickets')).toBe('/tickets');
  });

  it("writes a server's request lines without tokens, reset codes, verify tokens, authorization or cookies", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        callback();
      },
    });
    const app = Fastify({ logger: loggerOptions('json', 'info', sink) });
    app.get('/*', async (request, reply) => {
      // A plugin that logs the request whole, headers included, must not leak them either.
      request.log.info({ req: { ...request, headers: request.headers }, headers: request.headers }, 'whole request');
      return reply.header('set-cookie', 'jrt=planted-refresh; HttpOnly').send({ ok: true });
    });
    await app.ready();
    for (const url of [
      `/socket?token=${jwt}`,
      '/api/verificar-code/5511944443333?code=482913&resetId=planted-reset-id',
      '/webhook?hub.mode=subscribe&hub.verify_token=planted-verify',
    ]) {
      await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${jwt}`, cookie: 'jrt=planted-cookie' } });
    }
    await app.close();
    const log = lines.join('\n');
    expect(log).toContain('/api/verificar-code/5511944443333');
    expect(log).toContain('hub.mode=subscribe');
    for (const secret of ['eyJ', '482913', 'planted-reset-id', 'planted-verify', 'planted-cookie', 'planted-refresh']) expect(log).not.toContain(secret);
  });
});
