/**
 * Keeps the read models up to date (DESIGN §4, §7). One projector at a time writes: it holds the
 * `projector` lease in the read store, renewing it as it works; another waits as a standby and takes
 * over when the lease runs out or its holder is known to be gone.
 *
 * The writer follows the event feed into every collection's live generation, committing documents and
 * checkpoints together per batch. A collection whose live generation was built by another version of
 * its projection, one new to a store that serves others, or one for which an operator asked a rebuild,
 * gets a next generation built beside it; once that has caught up, the live feed pauses, the new
 * generation takes the last events and is promoted in one atomic step, and the old one is dropped after a
 * grace period (by the catch-up runner when there is one), beside the live feed, which never waits for a
 * drop.
 *
 * Generations whose checkpoint lies beyond the event store's newest event reflect events the store no
 * longer has: it is an earlier copy of their history, restored from a backup. The writer that takes over
 * starts each of them over, empty, following the store from its start.
 */
import type { EventStore, Position, RecordedEvent, Subscription } from '@passes/event-store';
import { hasReached, isAfter } from '@passes/event-store';
import type { CollectionState, DocumentStore, Generation, GenerationRef, GenerationWrites } from '../document-store';
import type { Projection } from '../projections/projection';
import type { CatchUpRunner } from './catch-up-runner';
import { CheckpointWaiter } from './checkpoint-waiter';
import { earlierVersionLoads } from './earlier-version-loads';
import { GenerationBuilder, type BuildProgress } from './generation-builder';
import { isStaleLeaseHolder } from './lease-holder';
import { LocalCatchUpRunner } from './local-catch-up-runner';
import { projectEvents } from './project-batch';
import { SerialQueue } from './serial-queue';

export const PROJECTOR_LEASE = 'projector';

interface ProjectorOptions {
  /** This process as a lease holder (`newLeaseHolder()`). */
  holder: string;
  /** When rebuilds are asked for. Leases run on the machine's own time: other processes compare them. */
  clock: { now(): Date };
  onError: (error: unknown, activity: string) => void;
  /** A next generation became live. */
  onPromoted?: (collection: string, generation: number) => void;
  /** These collections' generations were started over: they reflected events beyond `head`, the store's newest. */
  onStartedOver?: (collections: readonly string[], head: Position | null) => void;
  /** How often the lease is renewed. */
  housekeepingIntervalMs?: number;
  /**
   * How often an idle writer looks for rebuilds an operator asked for (the CLI waits on it); while batches
   * come, the housekeeping round looks instead.
   */
  rebuildRequestPollIntervalMs?: number;
  leaseTtlMs?: number;
  /** How long a replaced generation stays for readers that have not yet seen the promotion. */
  retireGraceMs?: number;
  /** Events per page when building a generation. */
  pageSize?: number;
  /** Where next generations catch up with the head and replaced ones are dropped; on the projector's thread when none. */
  catchUpRunner?: CatchUpRunner;
  /** How often waiters poll the store for a projector in another process. */
  waitPollIntervalMs?: number;
  retryDelayMs?: number;
}

interface LiveTarget {
  projection: Projection;
  ref: GenerationRef;
  /** Where the live feed loads its documents: a generation another version built is read through the schema. */
  loads: Pick<DocumentStore, 'load'>;
  checkpoint: Position | null;
}

export class Projector {
  private readonly waiter: CheckpointWaiter;
  private readonly queue = new SerialQueue();
  private readonly live = new Map<string, LiveTarget>();
  private readonly builders = new Map<string, GenerationBuilder>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private subscription: Subscription | null = null;
  private housekeepingTimer: NodeJS.Timeout | null = null;
  private housekeeping: Promise<void> | null = null;
  private requestPollTimer: NodeJS.Timeout | null = null;
  private requestPoll: Promise<void> | null = null;
  /** A batch was projected since the last look for rebuild requests: the writer is busy. */
  private projectedSincePoll = false;
  /** Drops under way (see drop), and what stops them when this projector stops. */
  private readonly drops = new Set<Promise<void>>();
  private dropsStop = new AbortController();
  /**
   * Drops go one after another: they would take turns at the store's write lock anyway, and each listens to
   * dropsStop's signal while it runs, so the many a start finds retired would otherwise all listen at once.
   */
  private readonly dropQueue = new SerialQueue();
  private writing = false;
  private stopped = true;
  /** Where next generations catch up: the runner given, or this thread. */
  private readonly catchUps: Pick<CatchUpRunner, 'start'>;

  constructor(
    private readonly events: EventStore,
    private readonly store: DocumentStore,
    private readonly projections: readonly Projection[],
    private readonly options: ProjectorOptions,
  ) {
    this.catchUps = options.catchUpRunner ?? new LocalCatchUpRunner(events, store, projections);
    this.waiter = new CheckpointWaiter(
      store,
      projections.map((projection) => projection.collection),
      options.waitPollIntervalMs ?? 25,
      () => this.writing,
    );
  }

  /** Whether this process holds the lease and writes the read models. */
  get isWriter(): boolean {
    return this.writing;
  }

  /** The position every live generation reflects, as last seen. */
  get position(): Position | null {
    return this.waiter.position;
  }

  /** Generations being built by this process, for progress displays. */
  get rebuilds(): BuildProgress[] {
    return [...this.builders.values()].map((builder) => builder.progress);
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.dropsStop = new AbortController();
    await this.waiter.refresh();
    await this.tick();
    this.housekeepingTimer = setInterval(() => void this.tick(), this.options.housekeepingIntervalMs ?? 1000);
    this.housekeepingTimer.unref();
    this.requestPollTimer = setInterval(() => this.pollRebuildRequests(), this.options.rebuildRequestPollIntervalMs ?? 100);
    this.requestPollTimer.unref();
  }

  /** Resolves true once the read models reflect `position`, false when `timeoutMs` passes first. */
  waitFor(position: Position, timeoutMs: number): Promise<boolean> {
    return this.waiter.waitFor(position, timeoutMs);
  }

  /** Resolves once the read models reflect everything stored when it was called. */
  async catchUp(timeoutMs: number): Promise<boolean> {
    const head = await this.events.headPosition();
    return head === null || this.waitFor(head, timeoutMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.housekeepingTimer) clearInterval(this.housekeepingTimer);
    if (this.requestPollTimer) clearInterval(this.requestPollTimer);
    // No drop starts from here on; one under way stops after its page, before the store is let go.
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.dropsStop.abort();
    await this.housekeeping;
    await this.requestPoll;
    await Promise.allSettled(this.drops);
    await this.resign();
    this.waiter.close();
    await this.store.releaseLease(PROJECTOR_LEASE, this.options.holder).catch((error: unknown) => this.options.onError(error, 'releasing the lease'));
  }

  /** Renews (or tries to take) the lease, then starts whatever rebuild was asked for. */
  private tick(): Promise<void> {
    if (this.housekeeping !== null || this.stopped) return this.housekeeping ?? Promise.resolve();
    this.housekeeping = this.keepHouse()
      .catch((error: unknown) => this.options.onError(error, 'housekeeping'))
      .finally(() => {
        this.housekeeping = null;
      });
    return this.housekeeping;
  }

  private async keepHouse(): Promise<void> {
    const ttlMs = this.options.leaseTtlMs ?? 10_000;
    const leased = await this.store.acquireLease(PROJECTOR_LEASE, this.options.holder, new Date(), ttlMs, isStaleLeaseHolder);
    if (this.stopped) return;
    if (leased && !this.writing) await this.takeOver();
    else if (!leased && this.writing) await this.resign();
    if (this.writing) await this.startRequestedRebuilds(await this.store.collections());
  }

  /**
   * Between housekeeping rounds, starts a rebuild soon after one is asked for, while no batches come: a busy
   * writer's reads of the catalog would otherwise outnumber its batches' own commands, and its housekeeping
   * round looks for requests anyway.
   */
  private pollRebuildRequests(): void {
    const busy = this.projectedSincePoll;
    this.projectedSincePoll = false;
    if (busy || this.requestPoll !== null || !this.writing || this.stopped) return;
    this.requestPoll = this.store
      .collections()
      .then((states) => (this.writing && !this.stopped ? this.startRequestedRebuilds(states) : undefined))
      .catch((error: unknown) => this.options.onError(error, 'looking for rebuild requests'))
      .finally(() => {
        this.requestPoll = null;
      });
  }

  private async takeOver(): Promise<void> {
    const states = await this.startOverBeyondHead(await this.store.collections());
    const stateOf = (projection: Projection) => states.find((candidate) => candidate.collection === projection.collection);
    // A store that serves read models builds a projection new to it beside them, as a rebuild, so that
    // its history does not hold up the live feed, which every command's answer waits for; a store that
    // serves none (new, or emptied) has every projection follow the feed from the start.
    const serving = this.projections.some((projection) => stateOf(projection)?.live);
    for (const projection of this.projections) {
      const state = stateOf(projection);
      for (const generation of state?.retired ?? []) this.dropLater({ collection: projection.collection, generation }, 0);
      if (!state?.live && serving) {
        await this.requestRebuild(projection, state);
        continue;
      }
      const live = state?.live ?? (await this.store.createGeneration(shapeOf(projection), 'live', this.options.clock.now()));
      const loads = live.version === projection.version ? this.store : earlierVersionLoads(this.store, projection);
      this.live.set(projection.collection, { projection, ref: { collection: projection.collection, generation: live.generation }, loads, checkpoint: live.checkpoint });
      if (live.version !== projection.version) await this.requestRebuild(projection, state);
    }
    this.writing = true;
    this.subscribe();
    await this.startRequestedRebuilds(await this.store.collections());
  }

  /**
   * Replaces every generation that reflects events beyond the store's newest: a live one by an empty one made
   * live at once (nothing is read from what the events no longer say), a next one by an empty next one. The
   * waiters go back with the live generations. Gives the collections' states afterwards.
   */
  private async startOverBeyondHead(states: readonly CollectionState[]): Promise<readonly CollectionState[]> {
    // Read after the catalog: every checkpoint a generation holds was an event's, so the head read later is at
    // or beyond it unless the store itself went back.
    const head = await this.events.headPosition();
    const beyond = (generation: Generation | null) => generation !== null && isAfter(generation.checkpoint, head);
    const startedOver: string[] = [];
    for (const state of states) {
      const projection = this.projections.find((candidate) => candidate.collection === state.collection);
      if (!projection || !(beyond(state.live) || beyond(state.next))) continue;
      if (state.next) await this.drop({ collection: state.collection, generation: state.next.generation });
      const fresh = await this.store.createGeneration(shapeOf(projection), 'next', this.options.clock.now());
      if (beyond(state.live)) await this.store.promote(state.collection, fresh.generation);
      startedOver.push(state.collection);
    }
    if (startedOver.length === 0) return states;
    this.options.onStartedOver?.(startedOver, head);
    await this.waiter.startOver();
    return this.store.collections();
  }

  /** Stops writing: another holder has the lease now, or this projector is stopping. */
  private async resign(): Promise<void> {
    this.writing = false;
    this.waiter.resumePolling();
    for (const builder of this.builders.values()) builder.stop();
    this.builders.clear();
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
    this.live.clear();
  }

  /** A version bump, or a projection new to the store: the next generation is built by this version, replacing one left by an older one. */
  private async requestRebuild(projection: Projection, state: CollectionState | undefined): Promise<void> {
    const next = state?.next;
    if (next?.version === projection.version) return;
    if (next) await this.drop({ collection: projection.collection, generation: next.generation });
    await this.store.createGeneration(shapeOf(projection), 'next', this.options.clock.now());
  }

  private async startRequestedRebuilds(states: readonly CollectionState[]): Promise<void> {
    for (const state of states) {
      const projection = this.projections.find((candidate) => candidate.collection === state.collection);
      if (!projection || !state.next || this.builders.has(state.collection)) continue;
      // `states` may have been read before a promotion this projector has just made.
      if (this.live.get(state.collection)?.ref.generation === state.next.generation) continue;
      const target = { collection: state.collection, generation: state.next.generation };
      const builder = new GenerationBuilder(this.events, this.store, projection, target, state.next.checkpoint, this.options.pageSize ?? 1000, this.catchUps);
      this.builders.set(state.collection, builder);
      void this.build(builder);
    }
  }

  private async build(builder: GenerationBuilder): Promise<void> {
    try {
      if (await builder.catchUp()) await this.queue.run(() => this.promote(builder));
    } catch (error) {
      this.options.onError(error, `rebuilding ${builder.target.collection}`);
      if (this.builders.get(builder.target.collection) === builder) this.builders.delete(builder.target.collection);
      // Picked up again, from its checkpoint, by the next housekeeping round.
    }
  }

  /** Runs with the live feed paused: the last events go into the new generation, then it becomes live. */
  private async promote(builder: GenerationBuilder): Promise<void> {
    if (builder.isStopped) return;
    while (await builder.replayPage()) {
      if (builder.isStopped) return;
    }
    const { collection, generation } = builder.target;
    const live = this.live.get(collection);
    // The live feed is paused here: where it stands (its least live checkpoint, when the collection has no
    // live generation of its own) is where the new generation takes over.
    await builder.advanceTo(live?.checkpoint ?? this.leastLiveCheckpoint());
    await this.store.promote(collection, generation);
    this.builders.delete(collection);
    this.live.set(collection, { projection: builder.projection, ref: builder.target, loads: this.store, checkpoint: builder.progress.checkpoint });
    if (live) this.dropLater(live.ref, this.options.retireGraceMs ?? 30_000);
    this.options.onPromoted?.(collection, generation);
  }

  private dropLater(target: GenerationRef, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.drop(target).catch((error: unknown) => this.options.onError(error, `dropping generation ${target.generation} of ${target.collection}`));
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  /**
   * Drops a generation in the catch-up runner when there is one (see CatchUpRunner.drop), then in this
   * projector's store, which forgets what it kept of it and finds its tables gone. Not in the projector's
   * queue: the live feed's commits, which every command's answer waits for (read-your-writes), go on
   * meanwhile. A drop holds the store's write lock a page at a time (DocumentStore.drop), so a commit waits
   * for a page at most, never for a whole generation nor for the runner to start.
   */
  private async drop(target: GenerationRef): Promise<void> {
    const { signal } = this.dropsStop;
    const dropped = this.dropQueue.run(async () => {
      if (signal.aborted) return;
      await this.options.catchUpRunner?.drop(target, signal);
      if (!signal.aborted) await this.store.drop(target, signal);
    });
    this.drops.add(dropped);
    try {
      await dropped;
    } finally {
      this.drops.delete(dropped);
    }
  }

  private subscribe(): void {
    const after = this.leastLiveCheckpoint();
    this.subscription = this.events.subscribeToAll(
      {
        after,
        onError: (error) => {
          this.options.onError(error, 'following the event feed');
          if (!this.writing || this.stopped) return;
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            if (this.writing && !this.stopped) this.subscribe();
          }, this.options.retryDelayMs ?? 1000);
          timer.unref();
          this.timers.add(timer);
        },
      },
      (batch) => this.queue.run(() => this.projectLive(batch)),
    );
  }

  private async projectLive(batch: readonly RecordedEvent[]): Promise<void> {
    const last = batch.at(-1);
    if (last === undefined || !this.writing) return;
    const commits: GenerationWrites[] = [];
    const advanced: LiveTarget[] = [];
    for (const target of this.live.values()) {
      if (!isAfter(last.position, target.checkpoint)) continue;
      const own = batch.filter((event) => target.projection.eventTypes.has(event.type) && isAfter(event.position, target.checkpoint));
      commits.push({ target: target.ref, writes: await projectEvents(target.loads, target.ref, target.projection, own) });
      advanced.push(target);
    }
    if (commits.length > 0) await this.store.commit(commits, last.position);
    this.projectedSincePoll = true;
    for (const target of advanced) target.checkpoint = last.position;
    this.waiter.notify(this.leastLiveCheckpoint());
  }

  private leastLiveCheckpoint(): Position | null {
    let least: Position | null = null;
    let first = true;
    for (const { checkpoint } of this.live.values()) {
      if (checkpoint === null) return null;
      if (first || !hasReached(checkpoint, least)) least = checkpoint;
      first = false;
    }
    return least;
  }
}

function shapeOf(projection: Projection) {
  return { collection: projection.collection, version: projection.version, indexes: projection.indexes };
}
