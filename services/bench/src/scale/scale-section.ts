/**
 * The `scale` and `soak` sections (issue 16, "Flat with data size", "Memory"): two services, one with a
 * small store and one with `--passes` passes, filled straight through the event store as months of
 * issuing would have left them, the services following. `scale` reads each store by id, by email and by
 * external_id in turn; `soak` puts a steady load of reads and stamps on the large one and samples its RSS.
 */
import { performance } from 'node:perf_hooks';
import { count } from '../format';
import { measure, type Measurement } from '../measure';
import { residentMiB } from '../process-memory';
import { warningLines } from '../report';
import type { Resources } from '../resources';
import type { SectionOutcome } from '../section';
import type { ScaleArguments } from '../sections';
import type { Settings } from '../settings';
import { MEMORY_GOAL_MIB, SCALE_GOAL_SLOWDOWN, type ScaleComparison, type ScaleFigures } from './scale-figures';
import { comparisonRows, scaleLines, soakRows } from './scale-report';
import { readScenarios, seededStore, type SeededStore } from './seeded-store';
import { runSoak } from './soak';

/** The small store of the comparison. */
const SMALL_PASSES = 1000;
/** Each read scenario runs this often on each store, in turn; the better run counts. */
const RUNS = 2;

const better = (first: Measurement, second: Measurement) => (second.requestsPerSecond > first.requestsPerSecond ? second : first);

async function compare(small: SeededStore, large: SeededStore, settings: Settings): Promise<ScaleComparison[]> {
  const comparisons: ScaleComparison[] = [];
  const [smallScenarios, largeScenarios] = [readScenarios(small), readScenarios(large)];
  for (const [index, smallScenario] of smallScenarios.entries()) {
    const largeScenario = largeScenarios[index];
    if (largeScenario === undefined) throw new Error(`no large-store scenario for ${smallScenario.name}`);
    let best: { small: Measurement; large: Measurement } | null = null;
    for (let run = 0; run < RUNS; run += 1) {
      process.stderr.write(`scale: measuring ${smallScenario.name}, run ${run + 1} of ${RUNS}, on each store for ${settings.durationSeconds} s…\n`);
      const onSmall = await measure(smallScenario, small.service.url, small.fixture, settings);
      const onLarge = await measure(largeScenario, large.service.url, large.fixture, settings);
      best = best === null ? { small: onSmall, large: onLarge } : { small: better(best.small, onSmall), large: better(best.large, onLarge) };
    }
    if (best === null) throw new Error('no run measured');
    const slowdown = best.large.requestsPerSecond > 0 ? best.small.requestsPerSecond / best.large.requestsPerSecond : null;
    const clean = best.small.non2xx + best.large.non2xx + best.small.errors + best.large.errors === 0;
    comparisons.push({ scenario: smallScenario.name, ...best, slowdown, goalMet: clean && slowdown !== null && slowdown <= SCALE_GOAL_SLOWDOWN });
  }
  return comparisons;
}

export async function runScaleSections(
  wanted: { scale: boolean; soak: boolean },
  settings: Settings,
  scale: ScaleArguments,
  resources: Resources,
): Promise<SectionOutcome<ScaleFigures>> {
  const small = wanted.scale ? await seededStore('small store service', SMALL_PASSES, resources) : null;
  process.stderr.write(`scale: appending ${count(scale.passes)} passes straight into events.sqlite, the service following…\n`);
  const seedStarted = performance.now();
  const large = await seededStore('large store service', scale.passes, resources);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const rssAfterIssueMiB = residentMiB(large.service.pid);

  const comparisons = small === null ? null : await compare(small, large, settings);
  const soak = wanted.soak ? await runSoak(large, scale.soakSeconds, settings) : null;

  const rssFigures = [rssAfterIssueMiB, ...(soak?.rss.map((sample) => sample.mib) ?? [])];
  const figures: ScaleFigures = {
    smallPasses: SMALL_PASSES,
    largePasses: scale.passes,
    seedSeconds,
    rssAfterIssueMiB,
    comparisons,
    soak,
    memoryGoalMet: rssFigures.every((mib) => mib !== null && mib < MEMORY_GOAL_MIB),
  };
  const rows = [...(comparisons === null ? [] : comparisonRows(comparisons, figures)), ...(soak === null ? [] : soakRows(soak))];
  const problems = { 'large store service': large.service.problems(), ...(small === null ? {} : { 'small store service': small.service.problems() }) };
  return { lines: scaleLines(figures), warnings: warningLines(rows, problems), figures };
}
