/**
 * The logger of every process: pino, one JSON line per record (`time`, `level` as a word, `message`, the
 * log context, the fields). Errors keep their name, code, message and stack and nothing else they carry;
 * fields named like credentials or personal data are censored, in case a caller forgets the rule.
 */
import pino, { type DestinationStream } from 'pino';
import { currentLogContext } from './log-context';
import type { Logger } from './logger';

const CENSORED_KEYS = ['password', 'token', 'access_token', 'secret', 'api_key', 'authorization', 'cookie', 'email', 'customer_email', 'customer_name'];

function describeError(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const code = (value as NodeJS.ErrnoException).code;
  return { name: value.name, ...(code === undefined ? {} : { code }), message: value.message, stack: value.stack };
}

export function pinoLogger(destination: DestinationStream): Logger {
  const logger = pino(
    {
      messageKey: 'message',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { error: describeError },
      redact: { paths: CENSORED_KEYS.flatMap((key) => [key, `*.${key}`]), censor: '[redacted]' },
      mixin: () => ({ ...currentLogContext() }),
    },
    destination,
  );
  return {
    info: (message, fields = {}) => logger.info(fields, message),
    warn: (message, fields = {}) => logger.warn(fields, message),
    error: (message, fields = {}) => logger.error(fields, message),
  };
}

/** Standard error, written synchronously: a record logged just before a crash is not lost. */
export const jsonLogger: Logger = pinoLogger(pino.destination({ dest: 2, sync: true }));
