import { errorCatalogue, roleTable, type Audience } from '@conversa/contracts';
import { z, type ZodType } from 'zod';
import type { RegisteredRoute } from '../app';
import { areaAction } from '../http/auth';

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
  const { $schema: _dialect, $defs, ...rest } = json as JsonSchema & { $defs?: Record<string, JsonSchema> };
  if (!$defs) return rest;
  const names = new Map(Object.keys($defs).map((name) => [name, `Shared${Object.keys(shared).length + [...Object.keys($defs)].indexOf(name) + 1}`]));
  const relink = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value), (key, item) => (key === '$ref' && typeof item === 'string' && item.startsWith('#/$defs/') ? `#/components/schemas/${names.get(item.slice(8))}` : item));
  for (const [name, definition] of Object.entries($defs)) shared[names.get(name)!] = relink(definition) as JsonSchema;
  return relink(rest) as JsonSchema;
}

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function parametersOf(schema: ZodType | undefined, where: 'path' | 'query', url: string) {
  const names = where === 'path' ? [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!) : [];
  const json = schema ? jsonSchema(schema, 'input') : {};
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  const all = where === 'path' ? [...new Set([...names, ...Object.keys(properties)].filter((name) => names.includes(name)))] : Object.keys(properties);
  return all.map((name) => ({ name, in: where, required: where === 'path' || required.has(name), schema: properties[name] ?? { type: 'string' } }));
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

function authText({ auth, method }: RegisteredRoute): string {
  if (auth === 'public') return 'Public: no token.';
  const rules = ['A signed-in user (Bearer access token).'];
  if (auth?.area) rules.push(audienceText[roleTable[auth.area][areaAction(auth, method)]]);
  if (auth?.permission) rules.push(`Permission \`${auth.permission}\`.`);
  if (auth?.plan) rules.push(`The company's plan has \`${auth.plan}\`.`);
  if (auth?.allowExpired) rules.push('Reachable while the subscription is overdue.');
  return rules.join(' ');
}

/** The error answers a route may give: validation, its auth rule's, and the codes it declares. */
function errorCodesOf(route: RegisteredRoute): string[] {
  const codes = new Set<string>(['ERR_VALIDATION']);
  const auth = route.auth;
  if (auth !== 'public') {
    for (const code of ['ERR_UNAUTHENTICATED', 'ERR_INVALID_TOKEN', 'ERR_SESSION_EXPIRED']) codes.add(code);
    if (!auth?.allowExpired) codes.add('ERR_SUBSCRIPTION_EXPIRED');
    if ((auth?.area && roleTable[auth.area][areaAction(auth, route.method)] !== 'everyone') || auth?.permission) codes.add('ERR_NO_PERMISSION');
    if (auth?.plan) codes.add('ERR_PLAN_FEATURE_DISABLED');
  }
  for (const code of route.contract?.errors ?? []) codes.add(code);
  return [...codes].filter((code) => code in errorCatalogue);
}

function operation(route: RegisteredRoute) {
  const contract = route.contract ?? {};
  const method = route.method.toLowerCase();
  const parameters = [...parametersOf(contract.params, 'path', route.url), ...parametersOf(contract.query, 'query', route.url)];
  const status = String(contract.status ?? 200);
  const responses: Record<string, unknown> = {
    [status]: { description: status === '204' ? 'No content' : 'OK', ...(contract.response ? { content: { 'application/json': { schema: jsonSchema(contract.response, 'output') } } } : {}) },
  };
  const byStatus = new Map<number, string[]>();
  for (const code of errorCodesOf(route)) {
    const { status: errorStatus } = errorCatalogue[code as keyof typeof errorCatalogue];
    byStatus.set(errorStatus, [...(byStatus.get(errorStatus) ?? []), code]);
  }
  for (const [errorStatus, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(errorStatus)] = {
      description: codes.map((code) => `\`${code}\`: ${errorCatalogue[code as keyof typeof errorCatalogue].message}`).join('\n\n'),
      content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/ApiError' }, { properties: { error: { enum: codes } } }] } } },
    };
  }
  const segment = route.url.split('/').filter(Boolean)[0] ?? 'root';
  return {
    operationId: `${method}${route.url.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    tags: [segment.replace(/[-_]/g, ' ')],
    summary: contract.summary ?? `${route.method} ${route.url}`,
    description: authText(route),
    security: route.auth === 'public' ? [] : [{ bearer: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(contract.body
      ? { requestBody: { required: true, content: { [contract.multipart ? 'multipart/form-data' : 'application/json']: { schema: jsonSchema(contract.body, 'input') } } } }
      : contract.multipart
        ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object' } } } } }
        : {}),
    responses,
  };
}

/** Routes the reference leaves out: the UI's pages and files, and the websocket (docs/ARCHITECTURE.md "The websocket protocol"). */
export const undocumentedRoute = (route: Pick<RegisteredRoute, 'url'>): boolean => route.url.includes('*') || route.url === '/socket';

/** The OpenAPI 3.1 document of every registered route, from the contracts they declare (`config.contract`). */
export function openApiDocument(routes: readonly RegisteredRoute[], info: { version: string }) {
  shared = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (undocumentedRoute(route)) continue;
    const path = openApiPath(route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url);
    (paths[path] ??= {})[route.method.toLowerCase()] ??= operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Conversa API',
      version: info.version,
      description: 'Every HTTP route of Conversa. Answers to errors are `{ error, message }` with an `ERR_…` code. Webhooks sent to your endpoints are described in docs/webhooks.md.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ...shared, ApiError: { type: 'object', required: ['error', 'message'], properties: { error: { type: 'string' }, message: { type: 'string' } } } },
    },
    paths,
  };
}
