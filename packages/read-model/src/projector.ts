/**
 * Follows the event store's global feed and keeps the read models up to date. The checkpoint moves in
 * the same transaction as the documents, and a document ignores events older than its revision, so a
 * crash or a redelivery never applies an event twice.
 */
import type { EventStore, RecordedEvent, Subscription } from '@passes/event-store';
import type { DocumentStore, DocumentWrite } from './document-store';
import type { Projection } from './projections/projection';

export interface ProjectorOptions {
  name: string;
  /** How long to wait before resubscribing after a failure. */
  retryDelayMs?: number;
  onError?: (error: unknown) => void;
}

interface Waiter {
  position: number;
  resolve: (caughtUp: boolean) => void;
  timer: NodeJS.Timeout;
}

export class Projector {
  private subscription: Subscription | null = null;
  private reached = 0;
  private waiters: Waiter[] = [];
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly documents: DocumentStore,
    private readonly projections: readonly Projection[],
    private readonly options: ProjectorOptions,
  ) {}

  /** The global position the read models reflect. */
  get position(): number {
    return this.reached;
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.reached = await this.documents.checkpoint(this.options.name);
    this.subscribe();
  }

  /** Resolves true once the read models reflect `position`, or false when `timeoutMs` passes first. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.reached >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  /** Resolves once the read models reflect everything stored when it was called. */
  async catchUp(timeoutMs: number): Promise<boolean> {
    return this.waitFor(await this.events.headPosition(), timeoutMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.subscription?.stop();
    this.subscription = null;
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.resolve(false);
    }
    this.waiters = [];
  }

  private subscribe(): void {
    this.subscription = this.events.subscribeToAll(
      {
        after: this.reached,
        onError: (error) => {
          this.options.onError?.(error);
          if (this.stopped) return;
          this.retryTimer = setTimeout(() => this.subscribe(), this.options.retryDelayMs ?? 1000);
          this.retryTimer.unref();
        },
      },
      (event) => this.project(event),
    );
  }

  private async project(event: RecordedEvent): Promise<void> {
    const writes: DocumentWrite[] = [];
    for (const projection of this.projections) {
      if (!projection.eventTypes.has(event.type)) continue;
      const id = projection.documentId(event);
      const current = await this.documents.get(projection.collection, id);
      if (current && current.revision >= event.revision) continue;
      const doc = projection.apply(current?.doc ?? null, event);
      writes.push({ collection: projection.collection, id, revision: event.revision, doc, keys: doc === null ? {} : projection.keys(doc) });
    }
    await this.documents.commit(writes, { name: this.options.name, position: event.position });
    this.reached = event.position;
    this.releaseWaiters();
  }

  private releaseWaiters(): void {
    const ready = this.waiters.filter((w) => w.position <= this.reached);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => w.position > this.reached);
    for (const waiter of ready) {
      clearTimeout(waiter.timer);
      waiter.resolve(true);
    }
  }
}
