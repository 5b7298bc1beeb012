import { describe, expect, it } from 'vitest';
import { bearer, createUser } from './harness';
import { call, companyA, companyB, newUser, rows, server } from './users-fixture';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

function multipart(parts: Array<{ name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer }>) {
  const boundary = `----users${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`));
      chunks.push(part.data, Buffer.from('\r\n'));
    } else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (token: string, userId: number, file: { filename: string; contentType: string; data: Buffer }) => {
  const { payload, headers } = multipart([
    { name: 'userId', value: String(userId) },
    { name: 'typeArch', value: 'user' },
    { name: 'profileImage', ...file },
  ]);
  return server.app.inject({ method: 'POST', url: `/users/${userId}/media-upload`, headers: { ...bearer(token), ...headers }, payload });
};

describe('profile image (POST /users/{id}/media-upload)', () => {
  it('stores a picture through the media store, replaces and removes it', async () => {
    const target = await newUser(companyA.token, { name: 'Com Foto' });
    const first = await upload(companyA.token, target.id, { filename: 'me.png', contentType: 'image/png', data: PNG });
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = first.json().profileImage as string;
    expect(firstUrl).toMatch(new RegExp(`^/media/${companyA.companyId}/`));
    const served = await call(companyA.token, 'GET', firstUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await call(companyB.token, 'GET', firstUrl)).statusCode).toBe(404);

    const second = await upload(companyA.token, target.id, { filename: 'new.png', contentType: 'image/png', data: PNG });
    const secondUrl = second.json().profileImage as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await call(companyA.token, 'GET', firstUrl)).statusCode).toBe(404);

    const removed = await call(companyA.token, 'DELETE', `/users/${target.id}/media-upload`);
    expect(removed.json().profileImage).toBeNull();
    expect((await call(companyA.token, 'GET', secondUrl)).statusCode).toBe(404);
  });

  it('lets a user set their own picture, refuses someone else’s', async () => {
    const plain = await createUser(server, companyA.companyId, 'Foto Propria');
    expect((await upload(plain.token, plain.userId, { filename: 'me.png', contentType: 'image/png', data: PNG })).statusCode).toBe(200);
    expect((await upload(plain.token, companyA.userId, { filename: 'me.png', contentType: 'image/png', data: PNG })).statusCode).toBe(403);
  });

  it('refuses what is not an image (by its bytes, whatever it claims), a picture over 5 MB, a wrong userId field; nothing is kept', async () => {
    const target = await newUser(companyA.token, { name: 'Sem Foto' });
    const text = await upload(companyA.token, target.id, { filename: 'me.png', contentType: 'image/png', data: Buffer.from('just some text, not a picture') });
    expect(text.statusCode).toBe(415);
    const huge = await upload(companyA.token, target.id, {
      filename: 'big.png',
      contentType: 'image/png',
      data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
    });
    expect(huge.statusCode).toBe(413);
    const { payload, headers } = multipart([
      { name: 'userId', value: String(companyA.userId) },
      { name: 'profileImage', filename: 'me.png', contentType: 'image/png', data: PNG },
    ]);
    const mismatched = await server.app.inject({
      method: 'POST',
      url: `/users/${target.id}/media-upload`,
      headers: { ...bearer(companyA.token), ...headers },
      payload,
    });
    expect(mismatched.statusCode).toBe(400);
    expect((await call(companyA.token, 'GET', `/users/${target.id}`)).json().profileImage).toBeNull();
    const { readdir } = await import('node:fs/promises');
    const stored = (await readdir(`${server.wiring.config.mediaDir}/${companyA.companyId}`).catch(() => [] as string[])).filter(
      (file) => !file.endsWith('.json'),
    );
    const named = (await rows('read.users', { company_id: companyA.companyId })).map((row: any) => row.profile_image).filter(Boolean);
    expect(stored.length).toBe(named.length);
  });
});
