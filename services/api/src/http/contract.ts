import type { ZodType } from 'zod';

/**
 * What a route accepts and answers, declared beside its auth (`config: { auth, contract }`), from
 * the zod schemas in contracts: the OpenAPI reference is generated from these declarations.
 */
export interface RouteContract {
  /** One line for the reference. */
  summary?: string;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** The 2xx answer's shape. */
  response?: ZodType;
  /** The answer's status when not 200 (201, 204). */
  status?: number;
  /** ERR_… codes this route answers besides validation and auth. */
  errors?: readonly string[];
  /** multipart/form-data instead of JSON. */
  multipart?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    contract?: RouteContract;
  }
}
