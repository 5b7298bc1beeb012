import { DeletedAnswer, DomainError, RecordIdParam, type Actor, type ErrorCode } from '@conversa/contracts';
import { userActor } from '../context';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import type { RouteAuth } from './auth';

/** The `:id` of a record's routes. */
export const IdParam = z.object({ id: RecordIdParam });

/** Who a command is recorded for: the caller's company, the caller as its actor. */
export const actingAs = (request: FastifyRequest): { companyId: number; actor: Actor } => ({
  companyId: request.principal.companyId,
  actor: userActor(request.principal.userId),
});

interface Operation {
  summary?: string;
  /** Codes besides the record's not-found one (which the kit declares first where it looks the record up). */
  errors?: readonly ErrorCode[];
}

/**
 * A record area's routes over its use cases: GET, PUT and DELETE `<path>/:id`, POST `<path>`, each
 * optional. The record is looked up (the caller's company's, as the caller may see it) before it is
 * changed or deleted and after it is written, and answers `notFound` when absent.
 */
export interface RecordRoutes<V, C extends ZodType, U extends ZodType, Q extends ZodType> {
  path: string;
  /** The `:id` param (default IdParam). */
  params?: ZodType<{ id: number }>;
  /** The record's answer to GET, POST and PUT. */
  view: ZodType;
  notFound: ErrorCode;
  find(request: FastifyRequest, id: number): Promise<V | null | undefined>;
  /** Who may use the routes (no auth: any user of the company); `readAuth`, who reads (the GETs) when that is others (`{}`: any user). */
  auth?: RouteAuth;
  readAuth?: RouteAuth;
  /** Further route config on every route (contactAnswer). */
  config?: Omit<FastifyContextConfig, 'auth' | 'contract'>;
  /** GET `<path>` (and `<path>/`, which the browser asks for, with `slash`): the query parsed, answered as `response`. */
  list?: Operation & { query?: Q; response: ZodType; slash?: boolean; run(query: z.output<Q>, request: FastifyRequest): Promise<unknown> };
  get?: Operation;
  /** Records a new one from the parsed body, giving its id; answered 201 unless `status` says 200. */
  create?: Operation & { body: C; status?: 200 | 201; run(body: z.output<C>, request: FastifyRequest): Promise<number> };
  change?: Operation & { body: U; run(input: { id: number; changes: z.output<U>; current: V }, request: FastifyRequest): Promise<unknown> };
  /** Answers what `run` gives (`response`, DeletedAnswer by default), or nothing with `status: 204`. */
  delete?: Operation & { response?: ZodType; status?: 204; run(input: { id: number; current: V }, request: FastifyRequest): Promise<unknown> };
  /** Further commands on one record, `<method> <path>/:id/<name>` (POST unless said): answered as the record then is. */
  actions?: readonly (Operation & {
    name: string;
    method?: 'POST' | 'DELETE';
    auth?: RouteAuth;
    run(input: { id: number; current: V }, request: FastifyRequest): Promise<unknown>;
  })[];
}

type Contract = NonNullable<FastifyContextConfig['contract']>;
/** The hook (input.ts) parsed params and body by the contract the kit declares: the handlers read them as its output. */
type IdRoute = { Params: { id: number } };

/** Registers a record area's routes; gives back the lookup that answers `notFound`, for the area's other routes. */
export function recordRoutes<V, C extends ZodType = ZodType, U extends ZodType = ZodType, Q extends ZodType = ZodType>(
  app: FastifyInstance,
  spec: RecordRoutes<V, C, U, Q>,
): (request: FastifyRequest, id: number) => Promise<V> {
  const { path, view, notFound, auth, readAuth = auth, config = {} } = spec;
  const params = spec.params ?? IdParam;
  const found = async (request: FastifyRequest, id: number): Promise<V> => {
    const record = await spec.find(request, id);
    if (record === null || record === undefined) throw new DomainError(notFound);
    return record;
  };
  const routeConfig = (routeAuth: RouteAuth | undefined, contract: Contract) => ({ ...config, ...(routeAuth ? { auth: routeAuth } : {}), contract });
  const described = ({ summary }: Operation) => (summary === undefined ? {} : { summary });
  const withNotFound = ({ errors = [] }: Operation) => [notFound, ...errors.filter((code) => code !== notFound)];
  /** A command on the record found, answered as the record then is. */
  const answered = (run: (id: number, current: V, request: FastifyRequest<IdRoute>) => Promise<unknown>) => async (request: FastifyRequest<IdRoute>) => {
    const { id } = request.params;
    await run(id, await found(request, id), request);
    return found(request, id);
  };

  if (spec.list) {
    const list = spec.list;
    const contract = { ...described(list), ...(list.query ? { query: list.query } : {}), response: list.response, ...errorsOf(list) };
    for (const url of list.slash ? [path, `${path}/`] : [path]) {
      app.get(url, { config: routeConfig(readAuth, contract) }, async (request) => list.run(request.query as z.output<Q>, request));
    }
  }
  if (spec.get) {
    const contract = { ...described(spec.get), params, response: view, errors: withNotFound(spec.get) };
    app.get<IdRoute>(`${path}/:id`, { config: routeConfig(readAuth, contract) }, async (request) => found(request, request.params.id));
  }
  if (spec.create) {
    const create = spec.create;
    const status = create.status ?? 201;
    const contract = { ...described(create), body: create.body, ...(status === 201 ? { status } : {}), response: view, ...errorsOf(create) };
    app.post(path, { config: routeConfig(auth, contract) }, async (request, reply: FastifyReply) =>
      reply.status(status).send(await found(request, await create.run(request.body as z.output<C>, request))),
    );
  }
  if (spec.change) {
    const change = spec.change;
    const contract = { ...described(change), params, body: change.body, response: view, errors: withNotFound(change) };
    const handler = answered((id, current, request) => change.run({ id, changes: request.body as z.output<U>, current }, request));
    app.put<IdRoute>(`${path}/:id`, { config: routeConfig(auth, contract) }, handler);
  }
  if (spec.delete) {
    const remove = spec.delete;
    const answer = remove.status === 204 ? { status: 204 } : { response: remove.response ?? DeletedAnswer };
    const contract = { ...described(remove), params, ...answer, errors: withNotFound(remove) };
    app.delete<IdRoute>(`${path}/:id`, { config: routeConfig(auth, contract) }, async (request, reply: FastifyReply) => {
      const { id } = request.params;
      const result = await remove.run({ id, current: await found(request, id) }, request);
      return remove.status === 204 ? reply.status(204).send() : result;
    });
  }
  for (const action of spec.actions ?? []) {
    const contract = { ...described(action), params, response: view, errors: withNotFound(action) };
    app.route<IdRoute>({
      method: action.method ?? 'POST',
      url: `${path}/:id/${action.name}`,
      config: routeConfig(action.auth ?? auth, contract),
      handler: answered((id, current, request) => action.run({ id, current }, request)),
    });
  }
  return found;
}

const errorsOf = ({ errors }: Operation) => (errors === undefined ? {} : { errors });
