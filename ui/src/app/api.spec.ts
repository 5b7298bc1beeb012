import { describe, expect, it } from 'vitest';
import { api } from './api';
import { createAppStore } from './store';
import { sessionStarted } from './sessionSlice';
import { fakeServer } from '../test/harness';
import { session } from '../test/fixtures';

const probe = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<{ ok: boolean }, void>({ query: () => 'probe' }) }),
});

const signedInStore = () => {
  const store = createAppStore();
  store.dispatch(sessionStarted(session({}, 'old-token')));
  return store;
};

describe('session-aware base query', () => {
  it('on 403 refreshes once, stores the new token and retries with it', async () => {
    let probes = 0;
    const { calls } = fakeServer({
      'GET /probe': () => (++probes === 1 ? { status: 403, body: { error: 'ERR_INVALID_TOKEN', message: 'stale' } } : { status: 200, body: { ok: true } }),
      'POST /auth/refresh_token': { status: 200, body: session({}, 'new-token') },
    });
    const store = signedInStore();
    const result = await store.dispatch(probe.endpoints.probe.initiate());
    expect(result.data).toEqual({ ok: true });
    expect(calls.map((call) => `${call.method} ${call.path} ${call.authorization}`)).toEqual([
      'GET /probe Bearer old-token',
      'POST /auth/refresh_token Bearer old-token',
      'GET /probe Bearer new-token',
    ]);
    expect(store.getState().session.token).toBe('new-token');
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  it('retries only once: a second 403 is the answer', async () => {
    const { calls } = fakeServer({
      'GET /probe': { status: 403, body: { error: 'ERR_INVALID_TOKEN', message: 'stale' } },
      'POST /auth/refresh_token': { status: 200, body: session({}, 'new-token') },
    });
    const store = signedInStore();
    const result = await store.dispatch(probe.endpoints.probe.initiate());
    expect(result.error).toMatchObject({ status: 403 });
    expect(calls.filter((call) => call.path === '/auth/refresh_token')).toHaveLength(1);
    expect(calls.filter((call) => call.path === '/probe')).toHaveLength(2);
  });

  it('ends the session when the refresh fails', async () => {
    fakeServer({
      'GET /probe': { status: 403, body: { error: 'ERR_INVALID_TOKEN', message: 'stale' } },
      'POST /auth/refresh_token': { status: 401, body: { error: 'ERR_SESSION_EXPIRED', message: 'expired' } },
    });
    const store = signedInStore();
    await store.dispatch(probe.endpoints.probe.initiate());
    expect(store.getState().session.status).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('on 401 clears the stored token and the session', async () => {
    fakeServer({ 'GET /probe': { status: 401, body: { error: 'ERR_UNAUTHENTICATED', message: 'who are you' } } });
    const store = signedInStore();
    expect(localStorage.getItem('token')).toBe('old-token');
    await store.dispatch(probe.endpoints.probe.initiate());
    expect(store.getState().session).toMatchObject({ status: 'anonymous', token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('companyId')).toBeNull();
  });

  it('does not refresh for a 403 that is about permissions, not the token', async () => {
    const { calls } = fakeServer({ 'GET /probe': { status: 403, body: { error: 'ERR_NO_PERMISSION', message: 'no' } } });
    const store = signedInStore();
    const result = await store.dispatch(probe.endpoints.probe.initiate());
    expect(result.error).toMatchObject({ status: 403 });
    expect(calls.map((call) => call.path)).toEqual(['/probe']);
    expect(store.getState().session.status).toBe('authenticated');
  });

  it('shares one refresh among concurrent stale requests', async () => {
    const seen = new Map<string, number>();
    const { calls } = fakeServer({
      'GET /probe': (request) => {
        const auth = request.headers.get('Authorization') ?? '';
        seen.set(auth, (seen.get(auth) ?? 0) + 1);
        return auth === 'Bearer new-token' ? { status: 200, body: { ok: true } } : { status: 403, body: { error: 'ERR_INVALID_TOKEN', message: 'stale' } };
      },
      'POST /auth/refresh_token': async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { status: 200, body: session({}, 'new-token') };
      },
    });
    const store = signedInStore();
    const second = api.injectEndpoints({ endpoints: (build) => ({ probeTwo: build.query<{ ok: boolean }, number>({ query: () => 'probe' }) }) });
    const results = await Promise.all([store.dispatch(probe.endpoints.probe.initiate()), store.dispatch(second.endpoints.probeTwo.initiate(2))]);
    expect(results.map((result) => result.data)).toEqual([{ ok: true }, { ok: true }]);
    expect(calls.filter((call) => call.path === '/auth/refresh_token')).toHaveLength(1);
  });

  it('leaves a wrong-password 401 of the login call to the login form', async () => {
    fakeServer({ 'POST /auth/login': { status: 401, body: { error: 'ERR_INVALID_CREDENTIALS', message: 'bad' } } });
    const store = signedInStore();
    const login = api.injectEndpoints({
      endpoints: (build) => ({ loginProbe: build.mutation<unknown, void>({ query: () => ({ url: 'auth/login', method: 'POST', body: {} }) }) }),
    });
    await store.dispatch(login.endpoints.loginProbe.initiate());
    expect(store.getState().session.status).toBe('authenticated');
  });
});
