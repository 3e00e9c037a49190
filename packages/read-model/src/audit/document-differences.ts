/** Where a document folded from the events and the one a read model holds differ, field by field. */

export interface FieldDifference {
  /** Keys into nested objects joined by dots (`stats.delivered`); `(document)` when the documents are not both objects. */
  field: string;
  readModel: unknown;
  events: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Object keys sorted: the same document written in another order is the same document. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical(value[key])]),
  );
}

/** The same once stored: both as JSON, keys in any order, a key holding undefined the same as none. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** Each leaf field (an array counts as one) whose value differs; none when the documents are the same. */
export function fieldDifferences(events: unknown, readModel: unknown, path = ''): FieldDifference[] {
  if (isObject(events) && isObject(readModel)) {
    const keys = [...new Set([...Object.keys(events), ...Object.keys(readModel)])].sort();
    return keys.flatMap((key) => fieldDifferences(events[key], readModel[key], path === '' ? key : `${path}.${key}`));
  }
  return sameJson(events, readModel) ? [] : [{ field: path === '' ? '(document)' : path, readModel, events }];
}
