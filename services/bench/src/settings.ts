/** The run's knobs, read once from the environment; a bad value stops the run before anything starts. */
export interface Settings {
  durationSeconds: number;
  connections: number;
  /** Events in the store the rebuild section replays; the rebuild goal asks for at least 200,000. */
  rebuildEvents: number;
  /** Events the distributed projector and relay each work through (FerretDB makes large figures slow). */
  distributedEvents: number;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got '${raw}'`);
  return value;
}

export function settingsFromEnvironment(env: NodeJS.ProcessEnv): Settings {
  return {
    durationSeconds: positiveInteger(env, 'BENCH_DURATION_SECONDS', 10),
    connections: positiveInteger(env, 'BENCH_CONNECTIONS', 20),
    rebuildEvents: positiveInteger(env, 'BENCH_REBUILD_EVENTS', 200_000),
    distributedEvents: positiveInteger(env, 'BENCH_DISTRIBUTED_EVENTS', 5000),
  };
}
