/** The CPU-cost table: each build's µs a request by round, and each build's ratio to the first, round by round. */
export interface Cost {
  round: number;
  build: string;
  scenario: string;
  /** Server CPU (user + system) over the measured requests, divided by their number. */
  micros: number;
  /** Non-2xx answers, errors and timeouts among them: a cost of failures is not the cost of the work. */
  failed: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

const fixed = (value: number, digits: number) => value.toFixed(digits);

export function costLines(builds: string[], scenarios: string[], costs: Cost[], requests: number): string[] {
  const [first] = builds;
  const lines = [`server CPU µs a request over ${requests} requests, each round a fresh service of every build (median; every round)`];
  for (const scenario of scenarios) {
    lines.push('', scenario);
    const byBuild = (build: string) => costs.filter((cost) => cost.scenario === scenario && cost.build === build).sort((a, b) => a.round - b.round);
    for (const build of builds) {
      const own = byBuild(build);
      let line = `  ${build}: ${fixed(median(own.map((cost) => cost.micros)), 1)} µs (${own.map((cost) => fixed(cost.micros, 1)).join(', ')})`;
      if (build !== first && first !== undefined) {
        const base = byBuild(first);
        const ratios = own.flatMap((cost) => {
          const other = base.find((candidate) => candidate.round === cost.round);
          return other ? [cost.micros / other.micros] : [];
        });
        line += ` · ratio to the first ${fixed(median(ratios), 3)}, rounds ${fixed(Math.min(...ratios), 3)}–${fixed(Math.max(...ratios), 3)}`;
      }
      const failed = own.reduce((sum, cost) => sum + cost.failed, 0);
      if (failed > 0) line += ` · ${failed} requests failed`;
      lines.push(line);
    }
  }
  return lines;
}
