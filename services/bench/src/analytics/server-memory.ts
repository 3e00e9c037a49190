/**
 * The server's memory by kind, from its own metrics (prom-client's default process metrics): resident set,
 * V8's heap in use, and memory outside the heap that V8 knows of (buffers). What RSS grows by beyond the
 * two is native memory V8 does not see, SQLite's page caches among it; the split says which of them an
 * export makes grow.
 */

export interface MemorySample {
  rssMiB: number;
  heapUsedMiB: number;
  externalMiB: number;
}

const MIB = 1024 * 1024;

const METRICS = {
  rssMiB: 'process_resident_memory_bytes',
  heapUsedMiB: 'nodejs_heap_size_used_bytes',
  externalMiB: 'nodejs_external_memory_bytes',
} as const;

export async function memoryOf(metricsUrl: string): Promise<MemorySample> {
  const response = await fetch(metricsUrl);
  if (!response.ok) throw new Error(`${metricsUrl} answered ${response.status}`);
  const text = await response.text();
  const valueOf = (name: string) => {
    const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
    if (match?.[1] === undefined) throw new Error(`${metricsUrl} has no ${name}`);
    return Number(match[1]) / MIB;
  };
  return { rssMiB: valueOf(METRICS.rssMiB), heapUsedMiB: valueOf(METRICS.heapUsedMiB), externalMiB: valueOf(METRICS.externalMiB) };
}

/** The most each kind rose above `before` over `samples`. */
export function growthOf(before: MemorySample, samples: readonly MemorySample[]): MemorySample {
  const peak = (kind: keyof MemorySample) => Math.max(before[kind], ...samples.map((sample) => sample[kind])) - before[kind];
  return { rssMiB: peak('rssMiB'), heapUsedMiB: peak('heapUsedMiB'), externalMiB: peak('externalMiB') };
}
