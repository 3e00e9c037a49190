/**
 * Lists that can grow, paged by `limit` and `cursor` (PROGRAMME: `{data, has_more, next_cursor}`): the
 * cursor names the last item of the page before, so a page starts after it wherever the list has grown.
 */
import { invalidField } from '@passes/domain';
import type { PageOrder } from '@passes/read-model';

const notACursor = () => invalidField('cursor', 'is not the next_cursor of a page of this list');

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
    if (index === -1) throw notACursor();
    start = index + 1;
  }
  const page = items.slice(start, start + request.limit);
  const last = page.at(-1);
  const hasMore = start + request.limit < items.length;
  return { items: page, nextCursor: hasMore && last !== undefined ? Buffer.from(idOf(last), 'utf8').toString('base64url') : null };
}

/** The read of a store-paged list: ReadModel.findPage, whose cursor is the store's own. */
export interface StorePages<Doc, Index extends string> {
  findPage(index: Index, key: string, after: string | null, limit: number, order?: PageOrder): Promise<{ docs: Doc[]; next: string | null }>;
}

/**
 * The page `request` asks for of the documents `index` finds under `key`, read from the store a page at a
 * time in the order they were first written (`order`: oldest or newest first): the cursor wraps the
 * store's, so a list of any length is never read whole. A cursor the store never gave is 422, never a 500.
 */
export async function storePageOf<Doc, Index extends string>(
  pages: StorePages<Doc, Index>,
  index: Index,
  key: string,
  request: PageRequest,
  order: PageOrder = 'oldest-first',
): Promise<Page<Doc>> {
  const after = request.cursor === null ? null : Buffer.from(request.cursor, 'base64url').toString('utf8');
  if (after !== null && (after === '' || Buffer.from(after, 'utf8').toString('base64url') !== request.cursor)) throw notACursor();
  const page = await pages.findPage(index, key, after, request.limit, order).catch((error: unknown) => {
    throw error instanceof RangeError ? notACursor() : error;
  });
  return { items: page.docs, nextCursor: page.next === null ? null : Buffer.from(page.next, 'utf8').toString('base64url') };
}
