/**
 * One JSON line per log record on stderr. Callers pass routes and ids, never bodies, emails or
 * credentials: logs must not hold personal data.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

function describe(value: unknown): unknown {
  return value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
}

function write(level: string, message: string, fields: Record<string, unknown> = {}): void {
  const record: Record<string, unknown> = { time: new Date().toISOString(), level, message };
  for (const [key, value] of Object.entries(fields)) record[key] = describe(value);
  process.stderr.write(`${JSON.stringify(record)}\n`);
}

export const jsonLogger: Logger = {
  info: (message, fields) => write('info', message, fields),
  warn: (message, fields) => write('warn', message, fields),
  error: (message, fields) => write('error', message, fields),
};

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
