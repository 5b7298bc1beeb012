import type {
  FastifyBaseLogger,
  FastifySchema,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerBase,
  RawServerDefault,
  RouteHandlerMethod,
} from 'fastify';
import type { z, ZodType } from 'zod';

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

type Parsed<S> = S extends ZodType ? z.output<S> : unknown;

/**
 * What a handler receives: its contract's params, query, body and headers, parsed (http/input.ts);
 * a route that checks its credential itself (`security`) parses after that check, so reads them raw.
 */
export type ContractInput<C extends RouteContract> = C extends { security: Exclude<RouteSecurity, 'none'> }
  ? { Params: unknown; Querystring: unknown; Body: unknown; Headers: unknown }
  : { Params: Parsed<C['params']>; Querystring: Parsed<C['query']>; Body: Parsed<C['body']>; Headers: Parsed<C['headers']> };

declare module 'fastify' {
  // A route declaring `config.contract` gets its handler's request typed by it (the hook below parsed it).
  interface RouteShorthandMethod<
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
    RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
  > {
    <Config extends { contract: RouteContract }>(
      path: string,
      opts: RouteShorthandOptions<RawServer, RawRequest, RawReply, ContractInput<Config['contract']>, Config, FastifySchema, TypeProvider, Logger> & {
        config: Config;
      },
      handler: RouteHandlerMethod<RawServer, RawRequest, RawReply, ContractInput<Config['contract']>, Config, FastifySchema, TypeProvider, Logger>,
    ): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>;
  }
}
