/**
 * An auditor's view of a pass, straight from its stream: every event in order (a page at a time), and
 * the pass as it was at any instant, folded from the events recorded up to then. Stored events are
 * shown as the current code reads them (upcast), never as rewritten.
 */
import { decodeEvent, DomainError, passAggregate, passEvents, streamNames, type Pass, type PassEvent } from '@passes/domain';
import type { EventStore, RecordedEvent } from '@passes/event-store';
import { FOLD_CHECKPOINT_EVERY, PassFolds } from './pass-folds';
import { SealedHistoryPages } from './sealed-history-pages';
import type { PassQueries } from './pass-queries';
import type { PassScope } from './pass-scope';

export interface PassHistoryEntry {
  readonly type: PassEvent['type'];
  readonly data: Readonly<PassEvent['data']>;
  readonly revision: number;
  readonly recorded_at: string;
  /** Who made the change: `user:{id}`, `api_key:{id}`, `cli`, or the work that acts by itself (`automation:{id}`). */
  readonly actor: string;
  /** The event that caused it (an automation's trigger), or null. */
  readonly causation_id: string | null;
}

export interface HistoryPage {
  /** Shared with later reads of the same page: never to be changed. */
  entries: readonly PassHistoryEntry[];
  /** More events follow the last one of this page. */
  hasMore: boolean;
}

interface HistoryRange {
  /** Only events after this revision; none: from the first. */
  afterRevision: number | null;
  limit: number;
}

/** Events read at a time by as-of: an early instant needs only the first pages. */
const AS_OF_PAGE = FOLD_CHECKPOINT_EVERY;

export class PassHistory {
  private readonly folds = new PassFolds();
  private readonly sealedPages = new SealedHistoryPages();

  constructor(
    private readonly store: EventStore,
    private readonly queries: PassQueries,
  ) {}

  async page(scope: PassScope, identifier: string, { afterRevision, limit }: HistoryRange): Promise<HistoryPage> {
    const pass = await this.queries.get(scope, identifier);
    const stream = streamNames.pass(pass.id);
    const fromRevision = afterRevision === null ? 0 : afterRevision + 1;
    const sealed = this.sealedPages.get(stream, fromRevision, limit);
    if (sealed) return { entries: sealed, hasMore: true };
    const events = await this.store.readStream(stream, { fromRevision, maxCount: limit + 1 });
    const entries = events.slice(0, limit).map(historyEntry);
    const hasMore = events.length > limit;
    if (hasMore) this.sealedPages.remember(stream, fromRevision, limit, entries);
    return { entries, hasMore };
  }

  /**
   * The pass as it stood at `instant`: its events folded in order up to the first one recorded after it,
   * starting from the furthest kept fold that lies entirely before the instant.
   */
  async asOf(scope: PassScope, identifier: string, instant: Date): Promise<Pass> {
    const pass = await this.queries.get(scope, identifier);
    const stream = streamNames.pass(pass.id);
    const until = instant.toISOString();
    const start = this.folds.furthestAtOrBefore(stream, until);
    let { state, latestRecordedAt } = start ?? { state: passAggregate.decider.initialState(), latestRecordedAt: '' };
    let fromRevision = start === null ? 0 : start.revision + 1;
    for (let reachedUntil = false; !reachedUntil; ) {
      const events = await this.store.readStream(stream, { fromRevision, maxCount: AS_OF_PAGE });
      for (const event of events) {
        if (event.created_at > until) {
          reachedUntil = true;
          break;
        }
        state = passAggregate.decider.evolve(state, decodeEvent(passEvents, event));
        if (event.created_at > latestRecordedAt) latestRecordedAt = event.created_at;
        if ((event.revision + 1) % FOLD_CHECKPOINT_EVERY === 0) this.folds.remember(stream, { revision: event.revision, state, latestRecordedAt });
      }
      if (events.length < AS_OF_PAGE) reachedUntil = true;
      fromRevision += events.length;
    }
    if (state === null) throw new DomainError('not_found', `Pass '${identifier}' did not exist at ${until}`);
    return state;
  }
}

function historyEntry(event: RecordedEvent): PassHistoryEntry {
  const { type, data } = decodeEvent(passEvents, event);
  return { type, data, revision: event.revision, recorded_at: event.created_at, actor: event.metadata.actor, causation_id: event.metadata.causation_id };
}
