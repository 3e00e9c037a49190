/**
 * Lists that can grow, paged by `limit` and `cursor` (PROGRAMME: `{data, has_more, next_cursor}`): the
 * cursor names the last item of the page before, so a page starts after it wherever the list has grown.
 */
import { invalidField } from '@passes/domain';

export interface PageRequest {
  limit: number;
  /** The previous page's `nextCursor`; null for the first page. */
  cursor: string | null;
}

export interface Page<Item> {
  items: Item[];
  /** Null on the last page. */
  nextCursor: string | null;
}

/** The page of `items` (in their list order) that `request` asks for; `idOf` names each item uniquely. */
export function pageOf<Item>(items: readonly Item[], idOf: (item: Item) => string, request: PageRequest): Page<Item> {
  let start = 0;
  if (request.cursor !== null) {
    const after = Buffer.from(request.cursor, 'base64url').toString('utf8');
    const index = items.findIndex((item) => idOf(item) === after);
    if (index === -1) throw invalidField('cursor', 'is not the next_cursor of a page of this list');
    start = index + 1;
  }
  const page = items.slice(start, start + request.limit);
  const last = page.at(-1);
  const hasMore = start + request.limit < items.length;
  return { items: page, nextCursor: hasMore && last !== undefined ? Buffer.from(idOf(last), 'utf8').toString('base64url') : null };
}
