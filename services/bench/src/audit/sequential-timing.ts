/** Requests made one after another and timed at the client: what one auditor waits for each. */
import { performance } from 'node:perf_hooks';

export interface SequentialTiming {
  requests: number;
  medianMs: number;
  /** Nearest rank: of 200 requests, the second slowest; of 30, the slowest. */
  p99Ms: number;
}

function nearestRank(sorted: readonly number[], percentile: number): number {
  return sorted[Math.max(0, Math.ceil((percentile / 100) * sorted.length) - 1)] ?? 0;
}

/** One untimed call first, so that the figures are a warm server's, as an auditor's repeated reads are. */
export async function timeSequentially(requests: number, call: () => Promise<void>): Promise<SequentialTiming> {
  await call();
  const durations: number[] = [];
  for (let index = 0; index < requests; index += 1) {
    const started = performance.now();
    await call();
    durations.push(performance.now() - started);
  }
  const sorted = durations.sort((a, b) => a - b);
  return { requests, medianMs: nearestRank(sorted, 50), p99Ms: nearestRank(sorted, 99) };
}
