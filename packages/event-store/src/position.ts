/**
 * A place in the global feed (`$all`). Adapters encode it as the decimal digits of a non-negative
 * integer that grows along the feed (SQLite: the row's position; EventStoreDB: its commit and prepare
 * positions as one 128-bit number), so it can be stored and compared anywhere without knowing which
 * adapter made it. Compare with `comparePositions`, never with `<` on the strings. `null` is the feed's
 * start, before every event.
 */
export type Position = string & { readonly __brand: 'Position' };

const DIGITS = /^(0|[1-9]\d*)$/;

/** Reads a position back from storage, or throws when the text was never one. */
export function positionFrom(text: string): Position {
  if (!DIGITS.test(text)) throw new RangeError(`Not a feed position: '${text}'`);
  return text as Position;
}

/** Negative when `a` comes first in the feed, positive when `b` does, 0 when they are the same. */
export function comparePositions(a: Position, b: Position): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether `position` comes after `than` (every position comes after the start, `null`). */
export function isAfter(position: Position | null, than: Position | null): boolean {
  if (position === null) return false;
  return than === null || comparePositions(position, than) > 0;
}

/** Whether a reader that has reached `reached` reflects everything up to `target`. */
export function hasReached(reached: Position | null, target: Position | null): boolean {
  return target === null || (reached !== null && comparePositions(reached, target) >= 0);
}

/** Fixed-width text that sorts like the positions it encodes, for stores that can only sort strings. */
export function sortablePosition(position: Position): string {
  return position.padStart(40, '0');
}

/** The position an adapter whose feed is numbered by integers gives its `n`th place. */
export function positionOfInteger(value: number | bigint): Position {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new RangeError(`Not a feed position: ${value}`);
  if (value < 0) throw new RangeError(`Not a feed position: ${value}`);
  return value.toString() as Position;
}

/** The position a `sortablePosition` text stands for; '' (no position recorded) reads as 0, before every event. */
export function positionFromSortable(text: string): Position {
  return positionFrom(text.replace(/^0+/, '') || '0');
}
