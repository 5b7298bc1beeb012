import { errorCatalogue, roleTable, type Audience } from '@conversa/contracts';
import { z, type ZodType } from 'zod';
import type { RegisteredRoute } from '../app';
import { areaAction } from '../http/auth';
import type { RouteSecurity } from '../http/contract';
import { errorStatusesOf, securityOf, successStatusesOf } from './answers';

type JsonSchema = Record<string, unknown>;

/** Schemas a recursive type defines once ($defs), moved to the document's components so their refs resolve. */
let shared: Record<string, JsonSchema> = {};

/** A zod schema as JSON Schema (draft 2020-12, OpenAPI 3.1's dialect); what JSON Schema cannot say (transforms) stays open. */
function jsonSchema(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
  } catch {
    return {};
  }
  const { $schema: _dialect, $defs = {}, ...rest } = json as JsonSchema & { $defs?: Record<string, JsonSchema> };
  // A schema that refers to itself (a chatbot option's options) says `#`: it becomes a component of its own.
  const selfReferring = JSON.stringify(rest).includes('"$ref":"#"');
  if (Object.keys($defs).length === 0 && !selfReferring) return rest;
  // Views contracts name (`.meta({ id })`) keep their name; the rest are numbered.
  const names = new Map(Object.keys($defs).map((name, index) => [name, name.startsWith('__') ? `Shared${Object.keys(shared).length + index + 1}` : name]));
  const rootName = `Shared${Object.keys(shared).length + names.size + 1}`;
  const relink = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value), (key, item) => {
      if (key !== '$ref' || typeof item !== 'string') return item;
      if (item === '#') return `#/components/schemas/${rootName}`;
      return item.startsWith('#/$defs/') ? `#/components/schemas/${names.get(item.slice(8))}` : item;
    });
  for (const [name, definition] of Object.entries($defs)) shared[names.get(name)!] = relink(definition) as JsonSchema;
  if (!selfReferring) return relink(rest) as JsonSchema;
  shared[rootName] = relink(rest) as JsonSchema;
  return { $ref: `#/components/schemas/${rootName}` };
}

const openApiPath = (url: string) => (url.length > 1 ? url.replace(/\/$/, '') : url).replace(/:(\w+)/g, '{$1}');
/** Paths that differ only in their parameters' names are one path to OpenAPI (`/messages/{ticketId}`, `/messages/{id}`). */
const pathShape = (path: string) => path.replace(/\{\w+\}/g, '{}');

function parametersOf(schema: ZodType | undefined, where: 'path' | 'query' | 'header', url: string) {
  const names = where === 'path' ? [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!) : [];
  const json = schema ? jsonSchema(schema, 'input') : {};
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  const all = where === 'path' ? names : Object.keys(properties);
  return all.map((name) => {
    const { description, ...rest } = properties[name] ?? { type: 'string' };
    return { name, in: where, required: where === 'path' || required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

/** The role table's audiences in words (docs/roles.md). */
const audienceText: Record<Audience, string> = {
  everyone: 'Any user of the company.',
  admins: 'Admin profile (or super user).',
  administration: 'Admin profile, super user, or a user with allowConnections.',
  supervisors: 'Admin or supervisor profile (or super user).',
  userManagers: 'Admin or supervisor profile, super user, or a user with allowConnections.',
  dashboard: 'Admin profile, super user, or a user with showDashboard.',
  realTime: 'Admin profile, super user, or a user with allowRealTime.',
  super: 'Super user.',
};

const securityText: Record<RouteSecurity, string> = {
  none: 'Public: no token.',
  accessToken: 'A signed-in user (Bearer access token).',
  connectionToken: "A connection's token as Bearer (the connection's API token, docs/messages-api.md).",
  metricsToken: 'Bearer METRICS_TOKEN, or a request from this machine (loopback) without one.',
  refreshCookie: 'The refresh cookie `jrt` that login set (path /auth, HttpOnly).',
};

function authText(route: RegisteredRoute): string {
  const { auth, method } = route;
  const rules = [securityText[securityOf(route)]];
  if (auth === 'public') return rules.join(' ');
  if (auth?.area) rules.push(audienceText[roleTable[auth.area][areaAction(auth, method)]]);
  if (auth?.permission) rules.push(`Permission \`${auth.permission}\`.`);
  if (auth?.plan) rules.push(`The company's plan has \`${auth.plan}\`.`);
  if (auth?.allowExpired) rules.push('Reachable while the subscription is overdue.');
  return rules.join(' ');
}

/** A non-JSON answer's body: text as a string, anything else as bytes. */
const mediaSchema = (type: string): JsonSchema => (type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' });

function successAnswer(route: RegisteredRoute, status: number) {
  const contract = route.contract ?? {};
  if (status === 204 || status === 304) return { description: status === 204 ? 'No content' : 'Not modified' };
  if (contract.produces) return { description: 'OK', content: { [contract.produces]: { schema: mediaSchema(contract.produces) } } };
  return {
    description: status === 201 ? 'Created' : 'OK',
    ...(contract.response ? { content: { 'application/json': { schema: jsonSchema(contract.response, 'output') } } } : {}),
  };
}

function requestBodyOf(route: RegisteredRoute) {
  const { body, multipart } = route.contract ?? {};
  const content: Record<string, unknown> = {};
  if (body) content['application/json'] = { schema: jsonSchema(body, 'input') };
  if (multipart) content['multipart/form-data'] = { schema: multipart === true ? { type: 'object' } : jsonSchema(multipart, 'input') };
  return Object.keys(content).length > 0 ? { requestBody: { required: true, content } } : {};
}

function operation(route: RegisteredRoute, pathNames: string[]) {
  const contract = route.contract ?? {};
  const method = route.method.toLowerCase();
  const ownNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  // Named as the shared path names them; the route's own name stays in the description.
  const pathParameters = parametersOf(contract.params, 'path', route.url).map((parameter, index) =>
    pathNames[index] && pathNames[index] !== ownNames[index] ? { ...parameter, name: pathNames[index], description: `The ${ownNames[index]}.` } : parameter,
  );
  const parameters = [...pathParameters, ...parametersOf(contract.query, 'query', route.url), ...parametersOf(contract.headers, 'header', route.url)];
  const responses: Record<string, unknown> = {};
  for (const status of successStatusesOf(route)) responses[String(status)] = successAnswer(route, status);
  for (const [status, codes] of errorStatusesOf(route)) {
    responses[String(status)] = {
      description: codes.map((code) => `\`${code}\`: ${errorCatalogue[code].message}`).join('\n\n'),
      content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/ApiError' }, { properties: { error: { enum: codes } } }] } } },
    };
  }
  const security = securityOf(route);
  const segment = route.url.split('/').filter(Boolean)[0] ?? 'root';
  return {
    operationId: `${method}${route.url.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    tags: [segment.replace(/[-_]/g, ' ')],
    summary: contract.summary ?? `${route.method} ${route.url}`,
    description: authText(route),
    security: security === 'none' ? [] : [{ [security]: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...requestBodyOf(route),
    responses,
  };
}

/** Routes the reference leaves out: the UI's pages and files, the reference's own page, and the websocket (docs/ARCHITECTURE.md "The websocket protocol"). */
export const undocumentedRoute = (route: Pick<RegisteredRoute, 'url' | 'contract'>): boolean =>
  route.url.includes('*') || route.url === '/socket' || route.contract?.hidden === true;

export const securitySchemes = {
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token POST /auth/login and POST /auth/refresh_token answer (`token`), valid 15 minutes.',
  },
  connectionToken: {
    type: 'http',
    scheme: 'bearer',
    description: "A connection's API token (the connection's `token`, set on POST/PUT /whatsapp): the messages API and the sandbox.",
  },
  metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN of the process (docs/metrics.md); loopback requests need none.' },
  refreshCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'jrt',
    description: 'The refresh token login sets as an HttpOnly cookie on path /auth; each refresh rotates it.',
  },
} as const;

/** The OpenAPI 3.1 document of every registered route, from the contracts they declare (`config.contract`). */
export function openApiDocument(routes: readonly RegisteredRoute[], info: { version: string }) {
  shared = {};
  const paths: Record<string, Record<string, unknown>> = {};
  const pathByShape = new Map<string, string>();
  for (const route of routes) {
    if (undocumentedRoute(route)) continue;
    const own = openApiPath(route.url);
    const path = pathByShape.get(pathShape(own)) ?? own;
    pathByShape.set(pathShape(own), path);
    const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    (paths[path] ??= {})[route.method.toLowerCase()] ??= operation(route, pathNames);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Conversa API',
      version: info.version,
      description:
        'Every HTTP route of Conversa. Answers to errors are `{ error, message }` with an `ERR_…` code. Webhooks sent to your endpoints are described in docs/webhooks.md.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes,
      schemas: {
        ...shared,
        ApiError: { type: 'object', required: ['error', 'message'], properties: { error: { type: 'string' }, message: { type: 'string' } } },
      },
    },
    paths,
  };
}
