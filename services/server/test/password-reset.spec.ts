import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, settle, signupCompany, startTestServer, type TestServer } from './harness';

/** Password reset over the sandbox channel: the code goes to the user's WhatsApp through the company's default connection. */
let server: TestServer;
let admin: { token: string; companyId: number };
let line: { id: number; token: string };
let user: { userId: number; email: string; token: string };
const PHONE = '5511977001234';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string) =>
  server.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

/** The code the sandbox phone received for this number, newest first. */
async function codeSentTo(number: string): Promise<string> {
  await settle(server);
  const response = await server.app.inject({ method: 'GET', url: `/sandbox/${line.id}/outbox?to=${number}`, headers: bearer(line.token) });
  const entries = (response.json() as { messages: Array<{ body: string }> }).messages;
  const match = /código de recuperação de senha é (\d{6})/.exec(
    entries
      .map((entry) => entry.body)
      .reverse()
      .join('\n') ?? '',
  );
  if (!match) {
    const all = await server.wiring.store.readAll({ maxCount: 100_000 });
    console.log(JSON.stringify(all.filter((e) => e.type.startsWith('PasswordReset')).map((e) => [e.type, e.data])));
    throw new Error(`no code in the outbox: ${response.body}`);
  }
  return match[1]!;
}

const request = async (number: string) => {
  const response = await call('POST', '/api/enviar-email', { wpp: number });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { resetId: string; message: string };
};
const verify = (number: string, resetId: string, code: string) => call('GET', `/api/verificar-code/${number}?code=${code}&resetId=${resetId}`);

beforeAll(async () => {
  server = await startTestServer();
  await server.wiring.sessions.start();
  const company = await signupCompany(server, 'Recupera Senha', 751);
  admin = { token: (await server.login(company.email, company.password)).token, companyId: company.companyId };
  const created = await call('POST', '/whatsapp', { name: 'Sandbox Recuperação', channel: 'sandbox', isDefault: true }, admin.token);
  expect(created.statusCode, created.body).toBeLessThan(300);
  line = { id: created.json().id, token: created.json().token };
  user = await createUser(server, admin.companyId, 'Esquecida', { phone: PHONE });
});
afterAll(() => server?.close());

describe('password reset', () => {
  it('answers an unknown number exactly like a known one, and sends nothing to it', async () => {
    const known = await request('(11) 97700-1234');
    const unknown = await request('11 96666-0000');
    expect(Object.keys(unknown).sort()).toEqual(Object.keys(known).sort());
    expect(unknown.message).toBe(known.message);
    expect(unknown.message).toBe('Código de verificação enviado com sucesso!');
    await settle(server);
    const outbox = await server.app.inject({ method: 'GET', url: `/sandbox/${line.id}/outbox?to=5511966660000`, headers: bearer(line.token) });
    expect(outbox.json().messages).toEqual([]);
    // No code is ever right for it.
    expect((await verify('11966660000', unknown.resetId, '123456')).json().error).toBe('ERR_RESET_CODE_INCORRECT');
  });

  it('sends a code, verifies it, saves the password once and ends every session', async () => {
    const { resetId } = await request(PHONE);
    const code = await codeSentTo(PHONE);
    // Saving before the code is verified is refused: knowing the reset's id is not enough.
    const early = await call('PUT', '/api/atualizar-senha', { resetId, newPassword: 'NovaSenha9' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ error: 'ERR_RESET_CODE_INVALID', message: 'Código de verificação inválido. A senha não pode ser alterada.' });
    const wrong = await verify(PHONE, resetId, code === '000000' ? '000001' : '000000');
    expect(wrong.json()).toMatchObject({ error: 'ERR_RESET_CODE_INCORRECT', message: 'Código de verificação incorreto. Tente novamente.' });
    // Another number's reset is not this one's.
    expect((await verify('5511911112222', resetId, code)).json().error).toBe('ERR_RESET_CODE_INVALID');
    expect((await verify(PHONE, resetId, code)).statusCode).toBe(200);

    expect((await call('PUT', '/api/atualizar-senha', { resetId, newPassword: 'fraca' })).statusCode).toBe(400);
    const saved = await call('PUT', '/api/atualizar-senha', { resetId, newPassword: 'NovaSenha9' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Senha atualizada com sucesso!');
    expect((await call('PUT', '/api/atualizar-senha', { resetId, newPassword: 'OutraSenha9' })).json().error).toBe('ERR_RESET_CODE_INVALID');

    await settle(server);
    expect((await call('GET', '/auth/me', undefined, user.token)).statusCode).toBe(401);
    expect((await call('POST', '/auth/login', { email: user.email, password: 'Secret-123' })).statusCode).toBe(401);
    expect((await call('POST', '/auth/login', { email: user.email, password: 'NovaSenha9' })).statusCode).toBe(200);
  });

  it('kills the code at the third wrong attempt', async () => {
    const { resetId } = await request(PHONE);
    const code = await codeSentTo(PHONE);
    const other = code === '000000' ? '000001' : '000000';
    expect((await verify(PHONE, resetId, other)).json().error).toBe('ERR_RESET_CODE_INCORRECT');
    expect((await verify(PHONE, resetId, other)).json().error).toBe('ERR_RESET_CODE_INCORRECT');
    const third = await verify(PHONE, resetId, other);
    expect(third.json()).toMatchObject({ error: 'ERR_RESET_ATTEMPTS_EXCEEDED', message: 'Tentativas excedidas. Redirecionando...' });
    expect((await verify(PHONE, resetId, code)).json().error).toBe('ERR_RESET_ATTEMPTS_EXCEEDED');
  });

  it('limits the requests per number', async () => {
    const number = '5511955554444';
    for (let i = 0; i < 5; i++) await request(number);
    const refused = await call('POST', '/api/enviar-email', { wpp: number });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('ERR_TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses malformed input with 400', async () => {
    expect((await call('POST', '/api/enviar-email', { wpp: 'abc' })).statusCode).toBe(400);
    expect((await call('GET', '/api/verificar-code/5511977001234?code=12&resetId=x')).statusCode).toBe(400);
    expect((await call('PUT', '/api/atualizar-senha', { resetId: 'x', newPassword: 'NovaSenha9' })).statusCode).toBe(400);
  });
});
