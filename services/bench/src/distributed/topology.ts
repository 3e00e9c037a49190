/**
 * The distributed profile as separate processes, as an operator starts them with `npm run start:*`:
 * one API, one projector, one relay and one webhook dispatcher over one shared SQLite event store file,
 * the MongoDB-wire server and the Kafka broker. A worker can be stopped and started again, to time how
 * fast it works through a backlog, or to keep it from competing with one that is timed.
 */
import { performance } from 'node:perf_hooks';
import { startChildProcess, startChildServer, type ChildServer, type LogProblems, type RunningChild } from '../child-server';
import type { Resources } from '../resources';
import { API_SCRIPT, DISPATCHER_SCRIPT, PROJECTOR_SCRIPT, RELAY_SCRIPT } from '../scripts';

type Worker = 'projector' | 'relay' | 'dispatcher';

const WORKER_NAMES: readonly Worker[] = ['projector', 'relay', 'dispatcher'];

const WORKERS: Record<Worker, { script: string; readyMessage: string }> = {
  projector: { script: PROJECTOR_SCRIPT, readyMessage: 'projector running' },
  relay: { script: RELAY_SCRIPT, readyMessage: 'relay running' },
  dispatcher: { script: DISPATCHER_SCRIPT, readyMessage: 'webhook dispatcher running' },
};

export interface WorkerStart {
  /** performance.now() when the process was spawned and when it logged its ready line. */
  spawnedAt: number;
  readyAt: number;
}

export class Topology {
  private readonly workers = new Map<Worker, RunningChild>();
  /** What stopped processes logged, so that a restart does not hide their warnings. */
  private readonly earlierProblems = new Map<Worker, LogProblems>();

  private constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly resources: Resources,
    readonly api: ChildServer,
  ) {}

  static async start(env: NodeJS.ProcessEnv, resources: Resources): Promise<Topology> {
    // Each process is handed to `resources` as soon as it runs, so a sibling that fails to start leaks none.
    const owned = async <Child extends RunningChild>(starting: Promise<Child>) => {
      const child = await starting;
      resources.defer(() => child.stop());
      return child;
    };
    const spawnWorker = (worker: Worker) => owned(startChildProcess({ name: worker, env, ...WORKERS[worker] }));
    // The projector first: the API waits for its read models on every command.
    const projector = await spawnWorker('projector');
    const [api, relay, dispatcher] = await Promise.all([
      owned(startChildServer({ name: 'distributed api', script: API_SCRIPT, env, readyMessage: 'wallet pass service running' })),
      spawnWorker('relay'),
      spawnWorker('dispatcher'),
    ]);
    const topology = new Topology(env, resources, api);
    topology.workers.set('projector', projector).set('relay', relay).set('dispatcher', dispatcher);
    return topology;
  }

  /** A running worker's metrics listener. */
  metricsUrl(worker: Worker): string {
    const url = this.workers.get(worker)?.metricsUrl;
    if (!url) throw new Error(`${worker} is not running with a metrics listener`);
    return url;
  }

  async stop(worker: Worker): Promise<void> {
    const child = this.workers.get(worker);
    if (!child) return;
    this.workers.delete(worker);
    // SIGTERM: the projector gives its lease up, so the next one writes at once.
    await child.stop();
    this.earlierProblems.set(worker, sum(this.earlierProblems.get(worker), child.problems()));
  }

  async start(worker: Worker): Promise<WorkerStart> {
    if (this.workers.has(worker)) throw new Error(`${worker} is already running`);
    const spawnedAt = performance.now();
    const child = await startChildProcess({ name: worker, env: this.env, ...WORKERS[worker] });
    const readyAt = performance.now();
    this.resources.defer(() => child.stop());
    this.workers.set(worker, child);
    return { spawnedAt, readyAt };
  }

  problems(): Record<string, LogProblems> {
    const problems: Record<string, LogProblems> = { 'distributed api': this.api.problems() };
    for (const worker of WORKER_NAMES) {
      problems[worker] = sum(this.earlierProblems.get(worker), this.workers.get(worker)?.problems());
    }
    return problems;
  }
}

function sum(a: LogProblems | undefined, b: LogProblems | undefined): LogProblems {
  return { count: (a?.count ?? 0) + (b?.count ?? 0), first: a?.first ?? b?.first ?? null };
}
