import { currentCorrelationId } from '@conversa/eventstore';
import type { Logger as ConsoleLike } from '@conversa/platform';
import pino, { type Logger } from 'pino';
import type { Writable } from 'node:stream';
import { loggerOptions } from './logging';

export type ProcessLogger = Logger;

/**
 * The process's own logger (startup, projectors, reactors, schedulers, the CLI): pino with the options
 * fastify's logger has, so every line the product writes is one JSON object (or the same line made
 * readable with LOG_FORMAT=pretty). Components log through children carrying `component`.
 */
export function createProcessLogger(format: 'json' | 'pretty', level = process.env.LOG_LEVEL ?? 'info', destination?: Writable): Logger {
  const { stream, ...options } = loggerOptions(format, level, destination) as { stream?: Writable } & pino.LoggerOptions;
  // A line written while a request or a batch of its events is handled names that cause (withCorrelation);
  // a correlationId the line gives itself wins (pino's merge keeps the line's own fields).
  const mixin = () => {
    const correlationId = currentCorrelationId();
    return correlationId === undefined ? {} : { correlationId };
  };
  // Synchronous to stdout: a line written just before process.exit is not lost.
  return pino({ ...options, mixin }, stream ?? pino.destination({ dest: 1, sync: true }));
}

/**
 * A Console-shaped logger (what the projector runtime and rebuild take: `error(message, error)`) that
 * writes through pino: an Error among the arguments becomes `err` (with its stack, inside the line),
 * other arguments `details`.
 */
export function consoleShaped(log: Logger): ConsoleLike {
  const at =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (message?: unknown, ...args: unknown[]) => {
      const err = message instanceof Error ? message : args.find((arg) => arg instanceof Error);
      const details = args.filter((arg) => arg !== err);
      const text = message instanceof Error ? message.message : String(message ?? '');
      log[level]({ ...(err ? { err } : {}), ...(details.length > 0 ? { details } : {}) }, text);
    };
  // debug only where it is on: the runtime then logs each event it applies (a line an event, each with its correlationId).
  return { info: at('info'), warn: at('warn'), error: at('error'), ...(log.isLevelEnabled('debug') ? { debug: at('debug') } : {}) };
}
