import type { FastifyInstance, FastifyRequest } from 'fastify';

const isMultipart = (request: FastifyRequest) => String(request.headers['content-type'] ?? '').startsWith('multipart/');

/**
 * Parses each request with its route's contract (`config.contract`) before the handler, which then
 * reads typed `request.params`, `query`, `body` and `headers` (contract.ts) and parses nothing of its
 * own; a mismatch is the ZodError the error handler answers as 400 ERR_VALIDATION. After the
 * credential (onRequest), so a stranger is refused before their input is read. The form of a route
 * that takes multipart is the handler's to read part by part, and so is a body a scope keeps raw (a
 * Buffer: the Meta webhook's signature covers the bytes, so it is parsed once verified). Routes that
 * check their credential themselves (`contract.security`: a connection's token, the refresh cookie)
 * count that check before anything else: they parse after it.
 */
export function installContractParsing(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const contract = request.routeOptions.config?.contract;
    if (!contract || (contract.security && contract.security !== 'none')) return;
    if (contract.params) request.params = contract.params.parse(request.params);
    if (contract.query) request.query = contract.query.parse(request.query);
    if (contract.headers) request.headers = { ...request.headers, ...(contract.headers.parse(request.headers) as object) };
    if (contract.body && !(contract.multipart && isMultipart(request)) && !Buffer.isBuffer(request.body)) request.body = contract.body.parse(request.body);
  });
}
