/**
 * Browsing a business's passes and its customers (issue 38): lists that search by the beginning of any
 * word, filter by status and template, and page by cursor, from the `search` index of the passes read
 * model (pass-search.ts), or its `audience` index when neither a word nor a status narrows the list. A page
 * reads one key's documents a store page at a time, in the order they were first written, and checks each
 * against what the index cannot (the other filters, the other words): a bounded number per request, so a
 * search that matches few passes answers in bounded time too, with a shorter page and a cursor to go on.
 */
import { DomainError, type Pass, type PassStatus } from '@passes/domain';
import { customerWordsOf, lookupKeys, passSearchKeys, passWordsOf, termsMatch, wordsOf, type LookupKey, type ReadModels } from '@passes/read-model';
import type { PageRequest } from '../shared/pages';
import { cursorFrom, cursorText, notACursor } from './browse-cursor';
import type { PassQueries } from './pass-queries';
import type { PassScope } from './pass-scope';

export interface PassFilter {
  /** What a person typed: each of its words must begin a word of the pass. */
  q: string | null;
  status: PassStatus | null;
  templateId: string | null;
}

/** A customer: the passes of one email in the business, what they add up to, and when one last changed. */
export interface Customer {
  email: string;
  /** The name on the customer's most recently changed pass that has one. */
  name: string | null;
  passes: Pass[];
  totals: { passes: number; activePasses: number; stamps: number; points: number };
  lastActivityAt: string;
}

export interface BrowsedPage<Item> {
  items: Item[];
  /** Null on the last page. */
  nextCursor: string | null;
}

/** Documents read per round trip, and at most per request, while filling a page. */
const BATCH = 200;
const SCAN_LIMIT = 5_000;

/**
 * How far a term's key is counted when choosing the one to read: enough to tell a rare word from a common
 * one, which is all the choice needs, and cheap since the count reads the index alone.
 */
const COUNT_BOUND = 1_000;

/** A key of the passes' `search` index, or of their `audience` (all of a mode's passes, or a template's). */
interface IndexedKey {
  index: 'search' | 'audience';
  key: LookupKey;
}

/** A pass a page took: the store page it was read in (from `from`) and its place there. */
interface Taken {
  from: string | null;
  offset: number;
  passId: string;
}

export class PassBrowsing {
  constructor(
    private readonly readModels: Pick<ReadModels, 'passes'>,
    private readonly passes: PassQueries,
  ) {}

  async passesOf(scope: PassScope, filter: PassFilter, request: PageRequest): Promise<BrowsedPage<Pass>> {
    const terms = wordsOf(filter.q ?? '');
    const matches = (pass: Pass) =>
      (filter.status === null || pass.status === filter.status) &&
      (filter.templateId === null || pass.templateId === filter.templateId) &&
      termsMatch(terms, passWordsOf(pass));
    const unsearched: IndexedKey =
      filter.status !== null
        ? { index: 'search', key: passSearchKeys.status(scope.businessId, scope.mode, filter.status) }
        : { index: 'audience', key: lookupKeys.passAudience(scope.businessId, scope.mode, filter.templateId) };
    return this.browse(scope, terms, unsearched, request, async (pass) => (matches(pass) ? pass : null));
  }

  async customersOf(scope: PassScope, q: string | null, request: PageRequest): Promise<BrowsedPage<Customer>> {
    const terms = wordsOf(q ?? '');
    const matches = (pass: Pass) => pass.customerEmail !== null && termsMatch(terms, customerWordsOf(pass));
    // A customer shows once: at the first of their passes (in the order the scan meets them) that matches.
    return this.browse(scope, terms, { index: 'search', key: passSearchKeys.customers(scope.businessId, scope.mode) }, request, async (pass) => {
      if (!matches(pass) || pass.customerEmail === null) return null;
      const theirs = await this.passes.byEmail(scope, pass.customerEmail);
      return theirs.find(matches)?.id === pass.id ? customerOf(pass.customerEmail.toLowerCase(), theirs) : null;
    });
  }

  async customer(scope: PassScope, email: string): Promise<Customer> {
    const passes = await this.passes.byEmail(scope, email);
    if (passes.length === 0) throw new DomainError('not_found', `Customer '${email}' not found`);
    return customerOf(email.toLowerCase(), passes);
  }

  /**
   * A page of the list: read from the key of the search's narrowest term (the cursor's, on later pages), or
   * from `unsearched` when there is no search.
   */
  private async browse<Item>(
    scope: PassScope,
    terms: readonly string[],
    unsearched: IndexedKey,
    request: PageRequest,
    take: (pass: Pass) => Promise<Item | null>,
  ): Promise<BrowsedPage<Item>> {
    const cursor = cursorFrom(request.cursor, terms);
    const term = terms.length === 0 ? undefined : (cursor?.term ?? (await this.narrowest(scope, terms)));
    const key: IndexedKey = term === undefined ? unsearched : { index: 'search', key: passSearchKeys.beginning(scope.businessId, scope.mode, term) };
    const { items, after } = await this.scan(key, cursor?.after ?? null, request, take);
    return { items, nextCursor: after === undefined ? null : cursorText({ ...(term === undefined ? {} : { term }), after }) };
  }

  /**
   * The term that begins the fewest words, by counting each term's key in the index, no further than
   * COUNT_BOUND and without reading a pass (`ada example` is read by `ada`, not by the `example` every
   * customer of the domain shares; the first letters of a serial number by its four-letter word, not by
   * `ps`); between equally common ones, the longer. Any term's key finds every pass that matches the search.
   */
  private async narrowest(scope: PassScope, terms: readonly string[]): Promise<string> {
    const distinct = [...new Set(terms)];
    const [only] = distinct;
    if (distinct.length === 1 && only !== undefined) return only;
    const keyOf = (term: string) => passSearchKeys.beginning(scope.businessId, scope.mode, term);
    const sizes = await Promise.all(distinct.map(async (term) => ({ term, size: await this.readModels.passes.count('search', keyOf(term), COUNT_BOUND) })));
    return sizes.reduce((best, candidate) => (candidate.size < best.size || (candidate.size === best.size && keyOf(candidate.term).beginning.length > keyOf(best.term).beginning.length) ? candidate : best)).term;
  }

  /**
   * Reads `key`'s passes from the store cursor `from` and keeps what `take` makes of them, until the page is
   * full and one more is found (so `has_more` is exact), the key has no more, or the scan reaches its bound.
   * `after` is where the next page starts; undefined after the last.
   */
  private async scan<Item>(
    key: IndexedKey,
    start: string | null,
    request: PageRequest,
    take: (pass: Pass) => Promise<Item | null>,
  ): Promise<{ items: Item[]; after?: string | null }> {
    const items: Item[] = [];
    let from = start;
    let lastTaken: Taken | null = null;
    for (let scanned = 0; scanned < SCAN_LIMIT; ) {
      // First the page and one more, all a list reads when every pass of its key is taken; then whole batches.
      const batch = await this.page(key, from, scanned === 0 ? Math.min(BATCH, request.limit + 1) : BATCH);
      for (const [offset, pass] of batch.docs.entries()) {
        const item = await take(pass);
        if (item === null) continue;
        if (items.length === request.limit && lastTaken !== null) return { items, after: await this.after(key, lastTaken) };
        items.push(item);
        lastTaken = { from, offset, passId: pass.id };
      }
      scanned += batch.docs.length;
      if (batch.next === null) return { items };
      from = batch.next;
    }
    // Bounded: the next page goes on from the last pass read (a full page's next one is looked for there too).
    return { items, after: items.length === request.limit && lastTaken !== null ? await this.after(key, lastTaken) : from };
  }

  /**
   * The store's cursor just after a pass the page took, which only a store page that ends with it gives: its
   * store page read again up to it. Should a pass before it have left the key meanwhile, that page would end
   * past it: the next page then starts where its store page did, and may repeat passes but skips none.
   */
  private async after(key: IndexedKey, taken: Taken): Promise<string | null> {
    const again = await this.page(key, taken.from, taken.offset + 1);
    return again.docs.at(-1)?.id === taken.passId && again.next !== null ? again.next : taken.from;
  }

  private async page({ index, key }: IndexedKey, from: string | null, limit: number): Promise<{ docs: Pass[]; next: string | null }> {
    return this.readModels.passes.findPage(index, key, from, limit).catch((error: unknown) => {
      // A store cursor the store never gave (SQLite's are row numbers).
      throw error instanceof RangeError ? notACursor() : error;
    });
  }
}

function customerOf(email: string, passes: readonly Pass[]): Customer {
  const byChange = [...passes].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return {
    email,
    name: byChange.find((pass) => pass.customerName !== null)?.customerName ?? null,
    passes: [...passes],
    totals: {
      passes: passes.length,
      activePasses: passes.filter((pass) => pass.status === 'active' || pass.status === 'checked_in').length,
      stamps: passes.reduce((sum, pass) => sum + pass.stamps, 0),
      points: passes.reduce((sum, pass) => sum + pass.points, 0),
    },
    lastActivityAt: byChange[0]?.updatedAt ?? '',
  };
}
