/**
 * Fields every record logged while some work runs carries, such as the request id of the request being
 * served: set once where the work starts, seen by every log call it makes, however deep.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type LogContext = Readonly<Record<string, string>>;

const current = new AsyncLocalStorage<LogContext>();

export function runWithLogContext<T>(context: LogContext, work: () => T): T {
  return current.run({ ...current.getStore(), ...context }, work);
}

export function currentLogContext(): LogContext {
  return current.getStore() ?? {};
}
