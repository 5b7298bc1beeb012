import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../app';
import { undeclaredAnswer } from './validate';

const route = (contract: RegisteredRoute['contract'], auth: RegisteredRoute['auth'] = {}): RegisteredRoute => ({
  method: 'POST',
  url: '/things/:id',
  auth,
  contract,
});
const Thing = z.object({ id: z.number(), name: z.string() });
const json = 'application/json; charset=utf-8';

describe('the answer checks the API suites run', () => {
  it('refuses a success without a 2xx schema, and one its schema does not match', () => {
    expect(undeclaredAnswer(route({}), 200, { id: 1 }, json)).toMatch(/declares no 2xx schema/);
    expect(undeclaredAnswer(route({ response: Thing }), 200, { id: 1 }, json)).toMatch(/name/);
    expect(undeclaredAnswer(route({ response: Thing }), 200, { id: 1, name: 'a' }, json)).toBeNull();
    expect(undeclaredAnswer(route({ response: Thing }), 200, undefined, 'text/html')).toMatch(/declared JSON/);
    expect(undeclaredAnswer(route({ status: 204 }), 204, undefined, '')).toBeNull();
    expect(undeclaredAnswer(route({ response: Thing, status: 201 }), 200, { id: 1, name: 'a' }, json)).toMatch(/answered 200/);
    expect(undeclaredAnswer(route({ response: Thing, status: 201, alsoStatus: [200] }), 200, { id: 1, name: 'a' }, json)).toBeNull();
  });

  it('refuses a status or a code the route does not declare', () => {
    const declared = route({ response: Thing, errors: ['ERR_DUPLICATED_CONTACT'] });
    expect(undeclaredAnswer(declared, 409, { error: 'ERR_DUPLICATED_CONTACT', message: 'x' }, json)).toBeNull();
    expect(undeclaredAnswer(declared, 404, { error: 'ERR_NO_CONTACT_FOUND', message: 'x' }, json)).toMatch(/add 'ERR_NO_CONTACT_FOUND'/);
    expect(undeclaredAnswer(declared, 409, { error: 'ERR_OTHER_OPEN_TICKET', message: 'x' }, json)).toMatch(/not a code it declares for 409/);
    // The access token's refusals come with any signed-in route, a 413/415 with any method that takes a body.
    expect(undeclaredAnswer(declared, 401, { error: 'ERR_UNAUTHENTICATED', message: 'x' }, json)).toBeNull();
    expect(undeclaredAnswer(declared, 415, { error: 'ERR_VALIDATION', message: 'x' }, json)).toBeNull();
    expect(undeclaredAnswer(route({ response: Thing }, 'public'), 401, { error: 'ERR_UNAUTHENTICATED', message: 'x' }, json)).toMatch(/does not declare/);
    expect(undeclaredAnswer({ ...declared, method: 'GET' }, 415, { error: 'ERR_VALIDATION', message: 'x' }, json)).toMatch(/does not declare/);
  });
});
