import type { FastifyServerOptions } from 'fastify';
import { Writable } from 'node:stream';

/**
 * Query parameters that carry a credential or a one-time code: a log reader must not be able to use
 * them (a socket's access token, a password-reset code and its id, Meta's webhook verify token).
 */
const SECRET_PARAMS = new Set(['token', 'access_token', 'refresh_token', 'code', 'resetid', 'hub.verify_token']);
export const REDACTED = '[redacted]';

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/** The URL as logged: the path, and the query with every secret parameter's value replaced. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = equals < 0 ? pair : pair.slice(0, equals);
      return SECRET_PARAMS.has(decoded(key).toLowerCase()) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer with the URL redacted; headers are not logged (cookies, tokens). */
export const serializeRequest = (request: LoggedRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  version: [request.headers?.['accept-version']].flat()[0],
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** Header paths pino blanks wherever a request or reply is logged whole (an error's context, a plugin's line). */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
];

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** One JSON log line as a person reads it in a terminal: time, level, message, then the other fields. */
export function prettyLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const { time, level, msg, pid: _pid, hostname: _host, ...rest } = entry;
  const at = typeof time === 'number' ? new Date(time).toISOString().slice(11, 23) : '';
  const fields = Object.entries(rest)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  return `${at} ${(LEVELS[level as number] ?? String(level)).padEnd(5)} ${String(msg ?? '')}${fields ? `  ${fields}` : ''}`;
}

const prettyStream = () =>
  new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) process.stdout.write(`${prettyLine(line)}\n`);
      callback();
    },
  });

/**
 * Fastify's own logger (pino): one JSON object a line (LOG_FORMAT=json, the default off a terminal) or
 * the same lines made readable (pretty). Each request's lines carry its id as `correlationId`, the id
 * its events record (docs/observability.md). Request URLs are logged with their secret query parameters
 * redacted (redactUrl), and no header is logged.
 */
export function loggerOptions(format: 'json' | 'pretty', level = process.env.LOG_LEVEL ?? 'info', destination?: Writable): FastifyServerOptions['logger'] {
  const stream = destination ?? (format === 'pretty' ? prettyStream() : undefined);
  return { level, ...(stream ? { stream } : {}), redact: { paths: REDACT_PATHS, censor: REDACTED }, serializers: { req: serializeRequest } };
}
