/** The cursors of DocumentStore.findPage: a place in a key's order, marked with the order its pages go in. */
import type { PageOrder } from './document-store';

/** Leads a newest-first cursor; an oldest-first one is the bare place, so a cursor of one order is refused by the other. */
const NEWEST_FIRST = '-';

/** The cursor of a page whose last document is at `place` (the adapter's text for it, never starting with the mark). */
export function cursorAt(place: string, order: PageOrder): string {
  return order === 'newest-first' ? `${NEWEST_FIRST}${place}` : place;
}

/** The place `cursor` names, when it is a cursor of `order`; a RangeError otherwise. */
export function placeOf(cursor: string, order: PageOrder): string {
  const newestFirst = cursor.startsWith(NEWEST_FIRST);
  if (newestFirst !== (order === 'newest-first')) throw new RangeError(`'${cursor}' is no cursor of ${order} pages`);
  return newestFirst ? cursor.slice(NEWEST_FIRST.length) : cursor;
}
