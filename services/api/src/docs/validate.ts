import { errorCatalogue } from '@conversa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RegisteredRoute } from '../app';
import { describesSuccess, errorStatusesOf, successStatusesOf } from './answers';
import { undocumentedRoute } from './openapi';

/** Why an answer is not one its route declares, or null when it is. */
export function undeclaredAnswer(route: RegisteredRoute, status: number, body: unknown, contentType: string): string | null {
  const contract = route.contract;
  if (!contract) return 'the route declares no contract';
  // A 5xx is a bug, never declared: the spec that meets one fails on it (or provoked it on purpose).
  if (status >= 500) return null;
  if (successStatusesOf(route).includes(status)) {
    if (!describesSuccess(route)) return `answered ${status} but declares no 2xx schema (contract.response or produces)`;
    if (status === 204 || status === 304 || !contract.response) return null;
    if (!contentType.startsWith('application/json')) return `answered ${status} as ${contentType || 'no content type'}, declared JSON`;
    const checked = contract.response.safeParse(body);
    if (checked.success) return null;
    return `the ${status} answer does not match the declared response: ${checked.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ')}`;
  }
  const errors = errorStatusesOf(route);
  const codes = errors.get(status);
  const code = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (!codes) {
    const hint = typeof code === 'string' && code in errorCatalogue ? ` (add '${code}' to contract.errors)` : '';
    return `answered ${status}${typeof code === 'string' ? ` ${code}` : ''}, which it does not declare${hint}`;
  }
  if (typeof code !== 'string' || typeof (body as { message?: unknown }).message !== 'string') return `the ${status} answer is not { error, message }`;
  if (!codes.includes(code as never)) return `answered ${status} ${code}, not a code it declares for ${status} (add '${code}' to contract.errors)`;
  return null;
}

const routeOf = (request: FastifyRequest): RegisteredRoute | null => {
  const { url, config } = request.routeOptions;
  if (!url || !config?.contract || undocumentedRoute({ url, contract: config.contract })) return null;
  return { method: request.method === 'HEAD' ? 'GET' : request.method, url, auth: config.auth, contract: config.contract };
};

/**
 * Checks every answer against its route's contract (the API suites turn it on): an undeclared status, a
 * success without a schema or not matching it becomes a 500 naming the mismatch, so the spec that
 * caused it fails where it stands. Installed before compression, so it reads the JSON text.
 */
export function installAnswerChecks(app: FastifyInstance): void {
  const handled = new WeakSet<FastifyRequest>();
  app.addHook('preHandler', async (request) => {
    handled.add(request);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const route = routeOf(request);
    if (!route) return payload;
    // A success answered before the handler came from the page hook (the web app's page at an API path), not the route.
    if (!handled.has(request) && reply.statusCode < 400) return payload;
    const contentType = String(reply.getHeader('content-type') ?? '');
    let body: unknown = undefined;
    if (contentType.startsWith('application/json') && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      try {
        body = JSON.parse(payload.toString());
      } catch {
        body = payload;
      }
    }
    const problem = undeclaredAnswer(route, reply.statusCode, body, contentType);
    if (!problem) return payload;
    const message = `${route.method} ${route.url}: ${problem}`;
    process.stderr.write(`undeclared answer: ${message}\n`);
    reply.status(500).header('content-type', 'application/json; charset=utf-8').removeHeader('content-length');
    return JSON.stringify({ error: 'ERR_INTERNAL', message: `Undeclared answer: ${message}` });
  });
}
