/**
 * The cursor of a page of passes or customers (pass-browsing.ts): opaque to callers, checked as it comes
 * back, so a cursor of another search or one never given is a 422 rather than a page of something else.
 */
import { invalidField } from '@passes/domain';
import { z } from 'zod';

/**
 * Where the next page goes on: the search term whose key the list reads (a store's cursor is good for its
 * key only), and the store's cursor in it (null: from the key's first pass).
 */
const browseCursor = z.object({ term: z.string().min(1).optional(), after: z.string().nullable() }).strict();
type BrowseCursor = z.infer<typeof browseCursor>;

export const cursorText = (cursor: BrowseCursor) => Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');

export const notACursor = () => invalidField('cursor', 'is not the next_cursor of a page of this list');

/** The cursor a page of this search gave, or null for the first page. */
export function cursorFrom(text: string | null, terms: readonly string[]): BrowseCursor | null {
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw notACursor();
  }
  const parsed = browseCursor.safeParse(json);
  if (!parsed.success || cursorText(parsed.data) !== text) throw notACursor();
  const { term } = parsed.data;
  if (term === undefined ? terms.length > 0 : !terms.includes(term)) throw notACursor();
  return parsed.data;
}
