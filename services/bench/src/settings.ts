/** The run's knobs, read once from the environment; a bad value stops the run before anything starts. */
export interface Settings {
  durationSeconds: number;
  /**
   * Load put on a target before each measured load, the same requests unmeasured: what is measured is the
   * process as it serves once its code is compiled, not its first seconds. 0 measures from the first request.
   */
  warmupSeconds: number;
  connections: number;
  /** Events in the store the rebuild section replays; the rebuild goal asks for at least 200,000. */
  rebuildEvents: number;
  /** The campaign section's audience: passes of one business. */
  campaignPasses: number;
  /** Events the distributed projector and relay each work through (FerretDB makes large figures slow). */
  distributedEvents: number;
}

function integerAtLeast(least: 0 | 1, env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < least) throw new Error(`${name} must be an integer of at least ${least}, got '${raw}'`);
  return value;
}

const positiveInteger = (env: NodeJS.ProcessEnv, name: string, fallback: number) => integerAtLeast(1, env, name, fallback);

export function settingsFromEnvironment(env: NodeJS.ProcessEnv): Settings {
  return {
    durationSeconds: positiveInteger(env, 'BENCH_DURATION_SECONDS', 10),
    warmupSeconds: integerAtLeast(0, env, 'BENCH_WARMUP_SECONDS', 2),
    connections: positiveInteger(env, 'BENCH_CONNECTIONS', 20),
    rebuildEvents: positiveInteger(env, 'BENCH_REBUILD_EVENTS', 200_000),
    campaignPasses: positiveInteger(env, 'BENCH_CAMPAIGN_PASSES', 100_000),
    distributedEvents: positiveInteger(env, 'BENCH_DISTRIBUTED_EVENTS', 5000),
  };
}
