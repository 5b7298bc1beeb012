import { DomainError, errorCatalogue, EventSchemaError, type ErrorCode } from '@conversa/contracts';
import { DuplicateEventIdError, WrongExpectedVersionError } from '@conversa/eventstore';
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';

/** Every error answer is `{ error: 'ERR_…', message }`; only a bug answers 5xx. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: 'ERR_ROUTE_NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });

  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof DomainError) return reply.status(error.status).send({ error: error.code, message: error.message, ...error.details });
    if (error instanceof z.ZodError) return reply.status(400).send({ error: 'ERR_VALIDATION', message: formatZodError(error), issues: error.issues });
    if (error instanceof WrongExpectedVersionError) return send(reply, 'ERR_WRONG_EXPECTED_VERSION');
    if (error instanceof DuplicateEventIdError) return send(reply, 'ERR_DUPLICATE_EVENT_ID');
    if (error instanceof EventSchemaError) return reply.status(400).send({ error: 'ERR_EVENT_SCHEMA', message: error.message });
    if (isMalformedMultipart(error))
      return reply.status(400).send({ error: 'ERR_MULTIPART_INVALID', message: `${errorCatalogue.ERR_MULTIPART_INVALID.message} (${error.message})` });
    const fastifyError = error as FastifyError;
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      // Fastify's own refusals (bad JSON, body too large, wrong content type).
      const code = fastifyError.statusCode === 413 ? 'ERR_PAYLOAD_TOO_LARGE' : fastifyError.statusCode === 429 ? 'ERR_TOO_MANY_REQUESTS' : 'ERR_VALIDATION';
      return reply.status(fastifyError.statusCode).send({ error: code, message: fastifyError.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'ERR_INTERNAL', message: 'Internal error' });
  });
}

/**
 * A multipart body its parser cannot read: busboy throws plain errors (no status) for a missing
 * boundary or a part cut short, @fastify/multipart its own codes. The client sent a broken form.
 */
const MULTIPART_CODES = new Set(['FST_INVALID_MULTIPART_CONTENT_TYPE', 'FST_MP_PREMATURE_CLOSE', 'FST_PROTO_VIOLATION', 'FST_INVALID_JSON_FIELD_ERROR']);
const MULTIPART_MESSAGES =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of (multipart data|form)|Malformed part header)|terminated early due to unexpected end of multipart data/;
function isMalformedMultipart(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && MULTIPART_CODES.has(code)) return true;
  return !(error as FastifyError).statusCode && MULTIPART_MESSAGES.test(error.message);
}

const send = (reply: { status(code: number): { send(body: unknown): unknown } }, code: ErrorCode) =>
  reply.status(errorCatalogue[code].status).send({ error: code, message: errorCatalogue[code].message });

export function formatZodError(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}

/** Parses with a contracts schema; a mismatch becomes a 400 ERR_VALIDATION. */
export const parse = <S extends z.ZodType>(schema: S, value: unknown): z.infer<S> => schema.parse(value);
