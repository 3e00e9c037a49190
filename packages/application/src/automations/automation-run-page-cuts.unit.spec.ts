/**
 * Where the sweep's pages of runs end (automation-run-page-cuts.ts): a pass leaving the bucket, or a pass
 * whose run is done, changes its own page only, so a later sweep records every other page as it was.
 */
import { describe, expect, it } from '@jest/globals';
import { AutomationRunPageCuts } from './automation-run-page-cuts';

const TARGET = 20;
const MAX = 80;
const passIds = Array.from({ length: 1_000 }, (_, index) => `pass_${String(index).padStart(5, '0')}`);

/** The pages of a bucket of passes in the store's order, each due a run unless `done`. */
function pagesOf(ids: readonly string[], done: ReadonlySet<string> = new Set()): string[][] {
  const cuts = new AutomationRunPageCuts(TARGET, MAX);
  const pages = ids.map((passId) => cuts.add(passId, done.has(passId) ? null : { passId, occurrence: 'quiet:2026-10-28' }));
  return [...pages, cuts.end()].flatMap((page) => (page === null ? [] : [page])).filter((page) => page.length > 0).map((page) => page.map((run) => run.passId));
}

describe('cutting a bucket into pages of runs', () => {
  it('given a bucket, puts each due pass in one page, in order, about TARGET a page and never more than MAX', () => {
    const pages = pagesOf(passIds);
    expect(pages.flat()).toEqual(passIds);
    expect(Math.max(...pages.map((page) => page.length))).toBeLessThanOrEqual(MAX);
    expect(pages.length).toBeGreaterThan(passIds.length / (2 * TARGET));
    expect(pages.length).toBeLessThan((2 * passIds.length) / TARGET);
  });

  it('given a pass gone from the bucket, changes only the page that held it (one its mark ended)', () => {
    const before = pagesOf(passIds);
    const held = before.slice(1, -1).find((page) => page.length > 1 && page.length < MAX);
    const gone = held?.[0];
    if (gone === undefined) throw new Error('no page ended by a mark');
    const after = pagesOf(passIds.filter((id) => id !== gone));
    const changed = after.filter((page) => !before.some((each) => each.join() === page.join()));
    expect(changed).toHaveLength(1);
    expect(before.find((page) => page.includes(gone))?.filter((id) => id !== gone)).toEqual(changed[0]);
  });

  it('given runs already done, leaves them out of their pages and every other page as it was', () => {
    const before = pagesOf(passIds);
    const done = new Set(before[3]);
    const after = pagesOf(passIds, done);
    expect(after).toEqual(before.filter((_, index) => index !== 3));
  });
});
