/**
 * Projections folded afresh into generations of a scratch store, by the projector's own fold (projectEvents,
 * revision guard and all), each only as far as a position given for it: the live generation's checkpoint,
 * so that what is compared reflects the same events on both sides.
 */
import { hasReached, isAfter, type EventStore, type Position, type RecordedEvent } from '@passes/event-store';
import type { DocumentStore, GenerationRef, GenerationWrites } from '../document-store';
import type { Projection } from '../projections/projection';
import { projectEvents } from '../projector/project-batch';

interface Member {
  projection: Projection;
  target: GenerationRef;
  /** How far into the feed the scratch generation has taken in. */
  folded: Position | null;
}

export class ScratchFold {
  private readonly members = new Map<string, Member>();

  private constructor(
    private readonly events: Pick<EventStore, 'readAll'>,
    private readonly scratch: Pick<DocumentStore, 'load' | 'commit'>,
    private readonly pageSize: number,
    /** Which events are folded at all: a business's alone, say. */
    private readonly inScope: (event: RecordedEvent) => boolean,
    /** After each page, with the feed's position it reached. */
    private readonly onPage: (position: Position) => Promise<void>,
  ) {}

  /** A live generation in the (empty) scratch store for each projection. */
  static async start(
    events: Pick<EventStore, 'readAll'>,
    scratch: Pick<DocumentStore, 'load' | 'commit' | 'createGeneration'>,
    projections: readonly Projection[],
    options: { pageSize: number; inScope: (event: RecordedEvent) => boolean; onPage: (position: Position) => Promise<void>; now: Date },
  ): Promise<ScratchFold> {
    const fold = new ScratchFold(events, scratch, options.pageSize, options.inScope, options.onPage);
    for (const projection of projections) {
      const { generation } = await scratch.createGeneration({ collection: projection.collection, version: projection.version, indexes: projection.indexes }, 'live', options.now);
      fold.members.set(projection.collection, { projection, target: { collection: projection.collection, generation }, folded: null });
    }
    return fold;
  }

  /** Where the collection's scratch generation stands. */
  foldedTo(collection: string): Position | null {
    return this.members.get(collection)?.folded ?? null;
  }

  /** Folds each collection's events up to its position in `upTo` (never back: one already past it stays). */
  async advance(upTo: ReadonlyMap<string, Position | null>, signal: AbortSignal): Promise<void> {
    for (;;) {
      if (signal.aborted) throw new Error('Interrupted before the events were folded');
      const behind = [...this.members.values()].filter((member) => isAfter(upTo.get(member.projection.collection) ?? null, member.folded));
      if (behind.length === 0) return;
      const after = leastOf(behind.map((member) => member.folded));
      const types = [...new Set(behind.flatMap((member) => [...member.projection.eventTypes]))];
      const page = await this.events.readAll({ after, maxCount: this.pageSize, filter: { eventTypes: types } });
      const last = page.at(-1);
      const batch: GenerationWrites[] = [];
      for (const member of behind) {
        const cap = upTo.get(member.projection.collection) ?? null;
        const own = page.filter(
          (event) => member.projection.eventTypes.has(event.type) && isAfter(event.position, member.folded) && hasReached(cap, event.position) && this.inScope(event),
        );
        batch.push({ target: member.target, writes: await projectEvents(this.scratch, member.target, member.projection, own) });
      }
      if (last !== undefined) {
        await this.scratch.commit(batch, last.position);
        await this.onPage(last.position);
      }
      // A short page: nothing of these types lies beyond it, so each member has all it is to take.
      const atHead = page.length < this.pageSize;
      for (const member of behind) {
        const cap = upTo.get(member.projection.collection) ?? null;
        member.folded = atHead || last === undefined || hasReached(last.position, cap) ? cap : last.position;
      }
    }
  }
}

function leastOf(positions: readonly (Position | null)[]): Position | null {
  let least: Position | null | undefined;
  for (const position of positions) if (least === undefined || isAfter(least, position)) least = position;
  return least ?? null;
}
