/**
 * The background-work runner: claims due items of the kinds it has handlers for, hands each to its
 * handler, writes down what the attempt came to and applies the kind's retry schedule. It looks on a
 * timer and whenever woken; each kind runs up to its bound of items at once, so a slow kind holds up only
 * itself. Recurring work ("every period") is recorded as one occurrence per period, its id derived from
 * the period, so however many runners share the store each occurrence is recorded and done once.
 * Any number of runners, in any number of processes, may share one store. Errors go to `onError`; the
 * runner carries on.
 *
 * A runner whose process ended without handing back what it held (killed, crashed, the machine stopped)
 * leaves its items leased until the leases run out, which for a long kind is up to an hour. So a runner
 * starting first takes back what runners it knows to be gone (`isGoneHolder`: a holder of this host whose
 * process has ended, such as the run before a restart) left of its kinds: each such attempt counts as a
 * failed one, due again after its kind's retry delay or when its lease would have run out, whichever comes
 * first. Work resumes soon after a restart, never later than before, and an item whose attempts end the
 * process every time is dead after its last one rather than retried for ever.
 */
import { setMaxListeners } from 'node:events';
import type { JsonValue } from '../json-value';
import { workOf } from '../work-kind';
import type { WorkItem, WorkStore } from '../work-store';
import { DueWorkScans } from './due-work-scans';
import { retryDelayMs } from './retry-delay';
import type { SettledOutcome } from './settled-outcome';
import type { WorkHandler, WorkResult } from './work-handler';

export interface WorkRunnerOptions {
  /** This runner's name on the items it leases (`newLeaseHolder()`). */
  holder: string;
  now: () => Date;
  /** How often due items (retries, timed work) are looked for; `wake()` looks at once. */
  pollIntervalMs: number;
  random?: () => number;
  /** Whether a lease's holder is a runner whose process has ended; none is taken for gone without it. */
  isGoneHolder?: (holder: string) => boolean;
  onError: (error: unknown) => void;
}

/** A handler with its payload type put aside: the runner checks each payload against the kind. */
interface Lane {
  kind: string;
  settings: Required<Omit<WorkHandler<JsonValue>, 'kind' | 'handle' | 'settled'>>;
  run: (item: WorkItem, signal: AbortSignal) => Promise<WorkResult>;
  settled: (outcome: SettledOutcome) => void;
  inFlight: Set<Promise<void>>;
}

interface Recurrence {
  kind: string;
  periodMs: number;
  payload: JsonValue;
  /** The start of the last period whose occurrence this runner recorded. */
  recorded: number | null;
}

const ABANDONED: WorkResult = { outcome: 'abandoned' };
const LEFT_BY_A_GONE_RUNNER = 'the process running it ended before the attempt did';

export class WorkRunner {
  private readonly lanes = new Map<string, Lane>();
  private readonly recurrences: Recurrence[] = [];
  private readonly abort = new AbortController();
  private readonly scans: DueWorkScans;
  private readonly random: () => number;
  private leftWorkTakenBack = false;

  constructor(
    private readonly store: WorkStore,
    private readonly options: WorkRunnerOptions,
  ) {
    this.random = options.random ?? Math.random;
    this.scans = new DueWorkScans(() => this.scan(), options);
  }

  /** Does the kind's items from now on. One handler per kind. */
  register<Payload extends JsonValue>(handler: WorkHandler<Payload>): this {
    const { kind, leaseMs, retryScheduleMs, retryJitter, maxConcurrent } = handler;
    if (this.lanes.has(kind.name)) throw new Error(`A handler for '${kind.name}' is registered already`);
    const run = async (item: WorkItem, signal: AbortSignal): Promise<WorkResult> => {
      const work = workOf(kind, item);
      return work === null ? { outcome: 'dead', error: `payload does not fit the kind '${kind.name}'` } : handler.handle(work, signal);
    };
    const settled = (outcome: SettledOutcome) => handler.settled?.(outcome);
    this.lanes.set(kind.name, { kind: kind.name, settings: { leaseMs, retryScheduleMs, retryJitter: retryJitter ?? 0, maxConcurrent }, run, settled, inFlight: new Set() });
    // Every attempt in flight listens for the stop: up to the sum of the bounds at once is expected, not a leak.
    setMaxListeners([...this.lanes.values()].reduce((sum, lane) => sum + lane.settings.maxConcurrent, 1), this.abort.signal);
    return this;
  }

  /**
   * Does the kind once every `periodMs`, from the start of each period (periods count from the Unix
   * epoch: a day's starts at 00:00 UTC). A period that began before the runner started and was not done
   * yet is done at once.
   */
  every<Payload extends JsonValue>(handler: WorkHandler<Payload>, schedule: { periodMs: number; payload: Payload }): this {
    this.register(handler);
    this.recurrences.push({ kind: handler.kind.name, periodMs: schedule.periodMs, payload: schedule.payload, recorded: null });
    return this;
  }

  /** The kinds this runner does: what its process reports the backlog of. */
  kinds(): string[] {
    return [...this.lanes.keys()];
  }

  start(): void {
    this.scans.start();
  }

  /** Looks for due items now rather than at the next poll. */
  wake(): void {
    this.scans.wake();
  }

  /** Claims nothing more, tells the attempts in flight to stop, and waits for them. */
  async stop(): Promise<void> {
    const scansStopped = this.scans.stop();
    this.abort.abort();
    await scansStopped;
    await Promise.all([...this.lanes.values()].flatMap((lane) => [...lane.inFlight]));
  }

  private async scan(): Promise<void> {
    const now = this.options.now();
    if (!this.leftWorkTakenBack) {
      await this.takeBackLeftWork(now);
      this.leftWorkTakenBack = true;
    }
    await this.recordOccurrences(now);
    for (const lane of this.lanes.values()) {
      const free = lane.settings.maxConcurrent - lane.inFlight.size;
      if (free <= 0 || this.scans.stopped) continue;
      const claimed = await this.store.claimDue(lane.kind, { holder: this.options.holder, now, ttlMs: lane.settings.leaseMs }, free);
      for (const item of claimed) {
        const attempt: Promise<void> = this.attempt(lane, item)
          .catch(this.options.onError)
          .finally(() => {
            lane.inFlight.delete(attempt);
            this.wake();
          });
        lane.inFlight.add(attempt);
      }
    }
  }

  /** Fails each attempt a gone runner left of this runner's kinds, as its kind's schedule says. */
  private async takeBackLeftWork(now: Date): Promise<void> {
    const isGone = this.options.isGoneHolder;
    if (isGone === undefined) return;
    for (const { id, kind, holder, until, attempts } of await this.store.held()) {
      const lane = this.lanes.get(kind);
      if (lane === undefined || !isGone(holder)) continue;
      const delay = retryDelayMs(attempts + 1, lane.settings.retryScheduleMs, lane.settings.retryJitter, this.random);
      const retryAt = delay === null ? null : new Date(Math.min(now.getTime() + delay, until.getTime()));
      await this.store.failLeft(id, holder, { at: now, code: null, error: LEFT_BY_A_GONE_RUNNER }, retryAt);
      lane.settled(retryAt === null ? 'dead' : 'retrying');
    }
  }

  /** Each recurring kind's occurrence for the period under way; recorded again by every runner, kept once. */
  private async recordOccurrences(now: Date): Promise<void> {
    for (const recurrence of this.recurrences) {
      const start = Math.floor(now.getTime() / recurrence.periodMs) * recurrence.periodMs;
      if (recurrence.recorded === start) continue;
      const dueAt = new Date(start);
      const order = dueAt.toISOString();
      await this.store.record([{ id: `${recurrence.kind}@${order}`, kind: recurrence.kind, group: null, order, payload: recurrence.payload, dueAt, createdAt: now }]);
      recurrence.recorded = start;
    }
  }

  private async attempt(lane: Lane, item: WorkItem): Promise<void> {
    const result = await this.resultOf(lane, item);
    await this.writeDown(lane, item, result);
  }

  private async resultOf(lane: Lane, item: WorkItem): Promise<WorkResult> {
    if (this.scans.stopped) return ABANDONED;
    try {
      return await lane.run(item, this.abort.signal);
    } catch (error) {
      this.options.onError(error);
      // A bug or a storage failure waits like a failed attempt rather than retrying in a tight loop.
      return this.scans.stopped ? ABANDONED : { outcome: 'retry', error: 'internal error' };
    }
  }

  private async writeDown(lane: Lane, item: WorkItem, result: WorkResult): Promise<void> {
    switch (result.outcome) {
      case 'abandoned':
        await this.store.release(item.id, this.options.holder);
        return;
      case 'cancelled':
        await this.store.cancel(item.id);
        lane.settled('cancelled');
        return;
      case 'done': {
        await this.store.complete(item.id, { at: this.options.now(), code: result.code ?? null, error: null });
        lane.settled('done');
        break;
      }
      case 'retry':
      case 'dead': {
        const at = this.options.now();
        const delay = result.outcome === 'dead' ? null : retryDelayMs(item.attempts + 1, lane.settings.retryScheduleMs, lane.settings.retryJitter, this.random);
        await this.store.fail(item.id, { at, code: result.code ?? null, error: result.error }, delay === null ? null : new Date(at.getTime() + delay));
        lane.settled(delay === null ? 'dead' : 'retrying');
        break;
      }
    }
    await result.afterRecorded?.();
  }
}
