/** What an update event records: only the fields whose value differs, each with its whole new value. */
export function changedFields<Fields extends object>(current: Fields, requested: Partial<Fields>): Partial<Fields> {
  const keys = Object.keys(requested) as (keyof Fields)[];
  const changed = keys.filter((key) => JSON.stringify(requested[key]) !== JSON.stringify(current[key]));
  return Object.fromEntries(changed.map((key) => [key, requested[key]])) as Partial<Fields>;
}
