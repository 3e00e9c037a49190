/**
 * Browsing a business's passes and its customers (issue 38): lists that search by the beginning of any
 * word, filter by status and template, and page by cursor, from the `search` index of the passes read
 * model (pass-search.ts). A page reads one key's documents in the order they were first written, from
 * after the cursor's, and checks each against what the index cannot (the other filters, the other words):
 * a bounded number per request, so a search that matches few passes answers in bounded time too, with a
 * shorter page and a cursor to go on.
 */
import { DomainError, invalidField, type Pass, type PassStatus } from '@passes/domain';
import { customerWordsOf, passSearchKeys, passWordsOf, termsMatch, wordsOf, type ReadModels } from '@passes/read-model';
import type { PageRequest } from '../shared/pages';
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

const cursorOf = (passId: string) => Buffer.from(passId, 'utf8').toString('base64url');

function afterIdOf(cursor: string | null): string | null {
  if (cursor === null) return null;
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (id === '' || cursorOf(id) !== cursor) throw invalidField('cursor', 'is not the next_cursor of a page of this list');
  return id;
}

export class PassBrowsing {
  constructor(
    private readonly readModels: Pick<ReadModels, 'passes'>,
    private readonly passes: PassQueries,
  ) {}

  async passesOf(scope: PassScope, filter: PassFilter, request: PageRequest): Promise<BrowsedPage<Pass>> {
    const terms = wordsOf(filter.q ?? '');
    const key =
      terms.length > 0
        ? await this.narrowest(scope, terms)
        : filter.status !== null
          ? passSearchKeys.status(scope.businessId, scope.mode, filter.status)
          : filter.templateId !== null
            ? passSearchKeys.template(scope.businessId, scope.mode, filter.templateId)
            : passSearchKeys.all(scope.businessId, scope.mode);
    const matches = (pass: Pass) =>
      (filter.status === null || pass.status === filter.status) &&
      (filter.templateId === null || pass.templateId === filter.templateId) &&
      termsMatch(terms, passWordsOf(pass));
    return this.scan(key, request, async (pass) => (matches(pass) ? pass : null));
  }

  async customersOf(scope: PassScope, q: string | null, request: PageRequest): Promise<BrowsedPage<Customer>> {
    const terms = wordsOf(q ?? '');
    const key = terms.length > 0 ? await this.narrowest(scope, terms) : passSearchKeys.customers(scope.businessId, scope.mode);
    const matches = (pass: Pass) => pass.customerEmail !== null && termsMatch(terms, customerWordsOf(pass));
    // A customer shows once: at the first of their passes (in the order the scan meets them) that matches.
    return this.scan(key, request, async (pass) => {
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
   * The key of the term that begins the fewest words, found by reading up to a batch of each term's key
   * (`ada example` is looked up by `ada`, not by the `example` every customer of the domain shares).
   * Every key lists its passes in the same order, so a page's cursor holds whichever key the next page uses.
   */
  private async narrowest(scope: PassScope, terms: readonly string[]): Promise<string> {
    const keys = [...new Set(terms)].map((term) => passSearchKeys.beginning(scope.businessId, scope.mode, term));
    const [only] = keys;
    if (keys.length === 1 && only !== undefined) return only;
    const sizes = await Promise.all(keys.map(async (key) => ({ key, size: (await this.readModels.passes.find('search', key, BATCH)).length })));
    return sizes.reduce((best, candidate) => (candidate.size < best.size || (candidate.size === best.size && candidate.key.length > best.key.length) ? candidate : best)).key;
  }

  /**
   * Reads `key`'s passes from after the cursor and keeps what `take` makes of them, until the page is full
   * and one more is found (so `has_more` is exact), the key has no more, or the scan reaches its bound.
   */
  private async scan<Item>(key: string, request: PageRequest, take: (pass: Pass) => Promise<Item | null>): Promise<BrowsedPage<Item>> {
    const items: Item[] = [];
    let afterId = afterIdOf(request.cursor);
    /** The pass the last item on the page was taken at. */
    let lastTaken: string | null = null;
    for (let scanned = 0; scanned < SCAN_LIMIT; ) {
      const batch = afterId === null ? await this.readModels.passes.find('search', key, BATCH) : await this.readModels.passes.findAfter('search', key, afterId, BATCH);
      for (const pass of batch) {
        scanned += 1;
        afterId = pass.id;
        const item = await take(pass);
        if (item === null) continue;
        if (items.length === request.limit) return { items, nextCursor: lastTaken === null ? null : cursorOf(lastTaken) };
        items.push(item);
        lastTaken = pass.id;
      }
      if (batch.length < BATCH) return { items, nextCursor: null };
    }
    // Bounded: the next page goes on from the last pass read (a full page's next one is looked for there too).
    return { items, nextCursor: afterId === null ? null : cursorOf(items.length === request.limit && lastTaken !== null ? lastTaken : afterId) };
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
