/** The scale and soak sections as a person reads them: both stores side by side, the RSS curve, the goals. */
import { count, ratio, verdict } from '../format';
import { tableLines, type Row } from '../report';
import { heading } from '../section';
import { MEMORY_GOAL_MIB, SCALE_GOAL_SLOWDOWN, SOAK_GOAL_GROWTH, type RssSample, type ScaleComparison, type ScaleFigures, type SoakFigures } from './scale-figures';

/** The goals ask about a store of this many passes. */
const GOAL_PASSES = 1_000_000;
const mib = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(0)} MB`);
/** Samples a line, so that a five-minute curve takes a few lines. */
const SAMPLES_A_LINE = 6;

export function comparisonRows(comparisons: readonly ScaleComparison[], figures: Pick<ScaleFigures, 'smallPasses' | 'largePasses'>): Row[] {
  return comparisons.flatMap(({ scenario, small, large }) => [
    { ...small, scenario: `${scenario} · ${count(figures.smallPasses)} passes`, baseline: null, ratio: null },
    { ...large, scenario: `${scenario} · ${count(figures.largePasses)} passes`, baseline: null, ratio: null },
  ]);
}

export function soakRows(soak: SoakFigures): Row[] {
  return soak.loads.map((load) => ({ ...load, scenario: `soak ${load.scenario}`, baseline: null, ratio: null }));
}

function curveLines(rss: readonly RssSample[]): string[] {
  const lines: string[] = [];
  for (let index = 0; index < rss.length; index += SAMPLES_A_LINE) {
    lines.push(`  ${rss.slice(index, index + SAMPLES_A_LINE).map((sample) => `${String(sample.seconds).padStart(4)} s ${mib(sample.mib).padStart(7)}`).join('   ')}`);
  }
  return lines;
}

export function scaleLines(figures: ScaleFigures): string[] {
  const lines = [
    '',
    heading(
      figures.comparisons === null
        ? `scale · embedded profile · a store of ${count(figures.largePasses)} passes`
        : `scale · embedded profile · reads on ${count(figures.smallPasses)} passes against ${count(figures.largePasses)} passes`,
    ),
    `large store: ${count(figures.largePasses)} passes${figures.largePasses < GOAL_PASSES ? ` (below the ${count(GOAL_PASSES)} the goals ask for)` : ''} appended straight into events.sqlite (one IssuePass each, a customer email and external_id each) in ${figures.seedSeconds.toFixed(0)} s, the service following; server RSS after: ${mib(figures.rssAfterIssueMiB)}`,
  ];
  if (figures.comparisons !== null) {
    lines.push('(each figure the better of two runs; the two stores are measured in turn)', ...tableLines(comparisonRows(figures.comparisons, figures)));
    for (const comparison of figures.comparisons) {
      const throughput = ratio(comparison.large.requestsPerSecond, comparison.small.requestsPerSecond);
      lines.push(
        `goal ${comparison.scenario} with ${count(figures.largePasses)} passes within ${SCALE_GOAL_SLOWDOWN}× of ${count(figures.smallPasses)}: ${verdict(comparison.goalMet)} (the large store at ${throughput} the small store's req/s)`,
      );
    }
  }
  if (figures.soak !== null) {
    const { soak } = figures;
    const growth = soak.growth === null ? 'n/a' : `${(soak.growth * 100).toFixed(1)} %`;
    lines.push(
      '',
      heading(`soak · ${soak.seconds} s of steady load on the ${count(figures.largePasses)}-pass store`),
      ...tableLines(soakRows(soak)),
      'server RSS during the load:',
      ...curveLines(soak.rss),
      `goal RSS does not grow during the load (end within ${SOAK_GOAL_GROWTH * 100} % of after the first minute): ${verdict(soak.growthGoalMet)} (${growth})`,
    );
  }
  const peak = Math.max(figures.rssAfterIssueMiB ?? 0, ...(figures.soak?.rss.map((sample) => sample.mib ?? 0) ?? []));
  lines.push(`goal server RSS after issuing ${count(figures.largePasses)} passes${figures.soak ? ' and during the load' : ''} < ${MEMORY_GOAL_MIB} MB: ${verdict(figures.memoryGoalMet)} (peak ${mib(peak)}, ${ratio(peak, MEMORY_GOAL_MIB)} of the limit)`);
  return lines;
}
