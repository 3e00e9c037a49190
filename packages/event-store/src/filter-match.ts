import type { AllFilter } from './event-store';

/**
 * Whether an event of `stream` and `type` is one the filter asks for, for the adapters that filter in
 * memory: a stream prefix is matched case-sensitively, as it is written (no wildcards), and a type exactly.
 */
export function matchesFilter(filter: AllFilter, stream: string, type: string): boolean {
  const prefixes = filter.streamPrefixes ?? [];
  const types = filter.eventTypes ?? [];
  return (prefixes.length === 0 || prefixes.some((prefix) => stream.startsWith(prefix))) && (types.length === 0 || types.includes(type));
}
