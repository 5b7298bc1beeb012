import type { ZodType } from 'zod';

/**
 * The credential a route asks: the access token (a signed-in user's JWT, the default), a connection's
 * token (messages API, sandbox), METRICS_TOKEN, or the refresh cookie; 'none' for public routes.
 */
export type RouteSecurity = 'accessToken' | 'connectionToken' | 'metricsToken' | 'refreshCookie' | 'none';

/**
 * What a route accepts and answers, declared beside its auth (`config: { auth, contract }`), from
 * the zod schemas in contracts: the OpenAPI reference is generated from these declarations, and the
 * API suites check every answer against them (docs/openapi.md).
 */
export interface RouteContract {
  /** One line for the reference. */
  summary?: string;
  params?: ZodType;
  query?: ZodType;
  /** Request headers the route reads (Idempotency-Key). */
  headers?: ZodType;
  body?: ZodType;
  /** multipart/form-data: true, or the form's fields (files as strings of format binary); beside `body` when both are taken. */
  multipart?: boolean | ZodType;
  /** The 2xx answer's shape (JSON). */
  response?: ZodType;
  /** The 2xx answer's media type when it is not JSON (a file, a sheet, metrics text). */
  produces?: string;
  /** The answer's status when not 200 (201, 204). */
  status?: number;
  /** Other success statuses the route gives (an existing record found: 200 beside 201; 206, 304 for files). */
  alsoStatus?: readonly number[];
  /** ERR_… codes this route answers besides validation and auth. */
  errors?: readonly string[];
  /** Overrides the credential the route's auth implies (public routes that check a token themselves). */
  security?: RouteSecurity;
  /** Left out of the reference: the UI's files and pages, the reference's own page. */
  hidden?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    contract?: RouteContract;
  }
}
