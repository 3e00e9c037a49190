/**
 * Replays the event feed into the next generations of one or more projections: each page is read once,
 * folded into every generation still behind its end, and committed for all of them in one transaction.
 * A rebuild of every projection reads and commits the feed once rather than once a projection.
 *
 * Each member keeps its own checkpoint (a resumed build may have stopped elsewhere): a page starts after
 * the least of them, and a member already past a page's end takes nothing from it until the others reach it.
 */
import { isAfter, type EventStore, type Position, type RecordedEvent } from '@passes/event-store';
import type { DocumentStore, GenerationRef, GenerationWrites } from '../document-store';
import type { Projection } from '../projections/projection';
import { projectEvents } from './project-batch';

/** Every this many pages, one is read without the type filter, to see how much of the feed is the members'. */
const PROBE_EVERY_PAGES = 16;
/**
 * From this share of the feed's events on, pages are read without the filter: a filtered read of a type
 * that most events have reads each type's page through its index and merges them (most of the rebuild's
 * time, in a profile), where a plain read of the position range reads each row once.
 */
const DENSE_SHARE = 0.5;

export interface ReplayMember {
  readonly projection: Projection;
  readonly target: GenerationRef;
  /** The feed's position the member's generation has taken in, committed with it. */
  checkpoint: Position | null;
  /** The member's own events replayed since it joined. */
  replayed: number;
}

export class SharedReplay {
  private readonly members = new Set<ReplayMember>();
  private pagesRead = 0;
  private filtered = true;

  constructor(
    private readonly events: Pick<EventStore, 'readAll'>,
    private readonly store: Pick<DocumentStore, 'load' | 'commit'>,
    private readonly pageSize: number,
  ) {}

  add(member: ReplayMember): void {
    this.members.add(member);
  }

  /** Takes effect from the next page: the one under way is committed whole, this member's writes with it. */
  remove(member: ReplayMember): void {
    this.members.delete(member);
  }

  /**
   * Replays one page into every member behind its end. Returns the members it leaves caught up with the
   * head: when the page came back short, every member there was when it began; none when it was full.
   */
  async replayPage(): Promise<ReplayMember[]> {
    const members = [...this.members];
    if (members.length === 0) return [];
    const types = new Set(members.flatMap((member) => [...member.projection.eventTypes]));
    const unfiltered = !this.filtered || this.pagesRead % PROBE_EVERY_PAGES === 0;
    const page = await this.events.readAll({ after: leastCheckpoint(members), maxCount: this.pageSize, filter: unfiltered ? undefined : { eventTypes: [...types] } });
    this.pagesRead += 1;
    const last = page.at(-1);
    if (last === undefined) return members;
    if (unfiltered) this.filtered = countOf(page, types) < DENSE_SHARE * page.length;
    const behind = members.filter((member) => isAfter(last.position, member.checkpoint));
    const batch: GenerationWrites[] = [];
    const replayed: number[] = [];
    for (const member of behind) {
      const own = page.filter((event) => member.projection.eventTypes.has(event.type) && isAfter(event.position, member.checkpoint));
      batch.push({ target: member.target, writes: await projectEvents(this.store, member.target, member.projection, own) });
      replayed.push(own.length);
    }
    await this.store.commit(batch, last.position);
    behind.forEach((member, index) => {
      member.checkpoint = last.position;
      member.replayed += replayed[index] ?? 0;
    });
    return page.length === this.pageSize ? [] : members;
  }
}

function leastCheckpoint(members: readonly ReplayMember[]): Position | null {
  let least: Position | null | undefined;
  for (const { checkpoint } of members) {
    if (least === undefined || isAfter(least, checkpoint)) least = checkpoint;
  }
  return least ?? null;
}

function countOf(page: readonly RecordedEvent[], types: ReadonlySet<string>): number {
  let count = 0;
  for (const event of page) if (types.has(event.type)) count += 1;
  return count;
}
