/**
 * The logger of every process: pino, one JSON line per record (`time`, `level` as a word, `message`, the
 * fields). Errors keep their name, code, message and stack and nothing else they carry; fields named like
 * credentials or personal data are censored, in case a caller forgets the rule.
 */
import pino, { type DestinationStream } from 'pino';
import { SonicBoom } from 'sonic-boom';
import type { Logger } from './logger';

const CENSORED = new Set(['password', 'token', 'access_token', 'secret', 'api_key', 'authorization', 'cookie', 'email', 'customer_email', 'customer_name']);
const CENSOR = '[redacted]';
/** Records gather into writes of about this size, or whatever has gathered once FLUSH_INTERVAL_MS passes. */
const BATCH_BYTES = 8 * 1024;
const FLUSH_INTERVAL_MS = 200;
/** Records kept for a destination that takes none before new ones are dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

function describeError(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const code = (value as NodeJS.ErrnoException).code;
  return { name: value.name, ...(code === undefined ? {} : { code }), message: value.message, stack: value.stack };
}

/**
 * Censors the fields named like credentials or personal data, at the top of a record and one level down, in
 * one walk. pino's `redact` with wildcard paths (`*.email`) did the lower level by passing every value through
 * its redactor, numbers too: most of what a request's log line cost.
 */
function censored(record: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const [field, value] of Object.entries(record)) {
    const replacement = isCensored(field, value) ? CENSOR : withCensoredFields(value);
    if (replacement === value) continue;
    copy ??= { ...record };
    copy[field] = replacement;
  }
  return copy ?? record;
}

function withCensoredFields(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Error) return value;
  if (!Object.entries(value).some(([key, inner]) => isCensored(key, inner))) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, isCensored(key, inner) ? CENSOR : inner]));
}

/** An absent value (undefined, which JSON leaves out) has nothing to censor. */
const isCensored = (key: string, value: unknown) => value !== undefined && CENSORED.has(key);

export function pinoLogger(destination: DestinationStream): Logger {
  const logger = pino(
    {
      messageKey: 'message',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: censored },
      serializers: { error: describeError },
    },
    destination,
  );
  return {
    info: (message, fields = {}) => logger.info(fields, message),
    warn: (message, fields = {}) => logger.warn(fields, message),
    error: (message, fields = {}) => logger.error(fields, message),
  };
}

/**
 * A logger that writes in batches to a file descriptor or path: every request logs a line, and a write
 * for each kept requests waiting on the pipe under load. Everything gathered is written at once,
 * synchronously, with each warning or error and when the process exits, so a record logged just before a
 * crash is not lost; a process killed outright loses at most FLUSH_INTERVAL_MS of information records.
 *
 * A destination that takes nothing more (a pipe whose reader is gone: a log collector restarted, a parent
 * process ended) must not stop the service, its requests or its shutdown: its write errors are ignored,
 * and what it cannot take is dropped once MAX_BUFFERED_BYTES wait for it. sonic-boom from 5.0 throws such an
 * error from `flushSync`, where 4.x, which pino itself brings, retried it forever on the thread.
 */
export function batchedLogger(destination: number | string): Logger {
  const stream = new SonicBoom({ dest: destination, sync: true, minLength: BATCH_BYTES, maxLength: MAX_BUFFERED_BYTES, periodicFlush: FLUSH_INTERVAL_MS });
  stream.on('error', ignoreWriteError);
  const flush = () => {
    try {
      stream.flushSync();
    } catch {
      // The destination takes nothing: the records wait for it, within MAX_BUFFERED_BYTES.
    }
  };
  process.once('exit', flush);
  const logger = pinoLogger(stream);
  return {
    info: logger.info,
    warn: (message, fields) => {
      logger.warn(message, fields);
      flush();
    },
    error: (message, fields) => {
      logger.error(message, fields);
      flush();
    },
  };
}

/** Nowhere to report a failing log destination but the destination itself. */
function ignoreWriteError(): void {}

let standardError: Logger | undefined;

/** The process's logger: standard error, in batches. */
export function jsonLogger(): Logger {
  standardError ??= batchedLogger(2);
  return standardError;
}
