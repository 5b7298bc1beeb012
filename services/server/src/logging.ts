import type { FastifyServerOptions } from 'fastify';
import { Writable } from 'node:stream';

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
 * its events record (docs/observability.md).
 */
export function loggerOptions(format: 'json' | 'pretty', level = process.env.LOG_LEVEL ?? 'info'): FastifyServerOptions['logger'] {
  return { level, ...(format === 'pretty' ? { stream: prettyStream() } : {}), redact: ['req.headers.authorization', 'req.headers.cookie'] };
}
