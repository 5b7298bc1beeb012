import { expect, it } from 'vitest';
import { loggerOptions, prettyLine } from '../src/logging';

it('reads a JSON log line as a person would, keeping its fields', () => {
  const line = JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 2, 3, 4, 5, 6), pid: 1, hostname: 'h', correlationId: 'abc-123', msg: 'request completed', responseTime: 4.2 });
  expect(prettyLine(line)).toBe('03:04:05.006 INFO  request completed  correlationId=abc-123 responseTime=4.2');
  expect(prettyLine('not json')).toBe('not json');
});

it('logs JSON by default and never the credentials a request carries', () => {
  const options = loggerOptions('json', 'info') as { level: string; stream?: unknown; redact: string[] };
  expect(options.level).toBe('info');
  expect(options.stream).toBeUndefined();
  expect(options.redact).toEqual(expect.arrayContaining(['req.headers.authorization', 'req.headers.cookie']));
  expect((loggerOptions('pretty') as { stream?: unknown }).stream).toBeDefined();
});
