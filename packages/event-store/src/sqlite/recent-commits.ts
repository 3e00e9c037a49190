import type { AllFilter, RecordedEvent } from '../event-store';
import { matchesFilter } from '../filter-match';
import { type EventRow, toRecordedEvent } from './event-row';
import type { FeedPage } from './feed-subscription';

/** Commits kept: enough for a follower that was busy with a page while a few more were committed. */
const KEPT_COMMITS = 16;

interface Commit {
  rows: readonly EventRow[];
  /** Decoded once, by the first follower that reads the commit, and shared by the others. */
  events: readonly RecordedEvent[] | undefined;
}

/**
 * The events this process committed lately, commit by commit, as stored. A live follower of the feed in
 * this process reads the commit that follows its cursor from here instead of reading back from the file
 * what was written a moment ago, and every follower shares one decoding of it.
 *
 * A commit holds every row of its transaction, which held the file's write lock: no other row lies between
 * its first position and its last. So a follower whose cursor is just below a commit's first position has
 * read everything before it, and the commit is exactly the follower's next page. Any other cursor (catching
 * up, or behind rows another process appended) reads from the file, as do commits larger than a page.
 */
export class RecentCommits {
  private readonly commits: Commit[] = [];

  constructor(private readonly pageSize: number) {}

  /** Rows of one committed transaction, in position order. */
  record(rows: readonly EventRow[]): void {
    if (rows.length === 0 || rows.length > this.pageSize) return;
    this.commits.push({ rows, events: undefined });
    if (this.commits.length > KEPT_COMMITS) this.commits.shift();
  }

  /** The page that follows `after`, when it is a kept commit; `reachedHead` once it is the newest. */
  pageAfter(after: number, filter: AllFilter | undefined): FeedPage | undefined {
    const index = this.commits.findIndex(({ rows }) => rows[0]?.[0] === after + 1);
    const commit = this.commits[index];
    const last = commit?.rows.at(-1);
    if (commit === undefined || last === undefined) return undefined;
    commit.events ??= commit.rows.map(toRecordedEvent);
    const events = filter === undefined ? commit.events : commit.events.filter((event) => matchesFilter(filter, event.stream, event.type));
    return { events, scannedTo: last[0], reachedHead: index === this.commits.length - 1 };
  }
}
