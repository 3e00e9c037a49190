/** Reads a list's next page (useMorePages), with what went wrong reading it; nothing once every page is shown. */
import type { MorePages } from '../hooks/use-more-pages';
import { ProblemNotice } from './ProblemNotice';

export function ShowMoreButton<Item>({ pages }: { pages: MorePages<Item> }) {
  return (
    <>
      <ProblemNotice problem={pages.problem} />
      {pages.hasMore && (
        <button type="button" className="button" aria-disabled={pages.loading || undefined} onClick={() => void pages.more()}>
          {pages.loading ? 'Loading…' : 'Show more'}
        </button>
      )}
    </>
  );
}
