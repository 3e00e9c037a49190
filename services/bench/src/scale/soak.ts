/**
 * The steady load of the `soak` section: reads by id, lookups by email and stamps on the large store's
 * sampled passes, side by side for the whole time, while the server's RSS is sampled.
 */
import { startLoad } from '../measure';
import { residentMiB } from '../process-memory';
import type { Scenario } from '../scenarios';
import type { Settings } from '../settings';
import { SOAK_GOAL_GROWTH, type RssSample, type SoakFigures } from './scale-figures';
import { readScenarios, type SeededStore } from './seeded-store';

const SAMPLE_EVERY_SECONDS = 10;
/** Growth is counted from here: the first minute warms caches and the JIT. */
const WARM_AFTER_SECONDS = 60;

function soakScenarios(store: SeededStore): { scenario: Scenario; share: number }[] {
  const [getById, byEmail] = readScenarios(store);
  if (getById === undefined || byEmail === undefined) throw new Error('the read scenarios are missing');
  const base = `/businesses/${store.fixture.businessId}/passes`;
  const stamp: Scenario = { name: 'stamp', target: 'service', method: 'POST', paths: () => [...store.sampled.values()].map((id) => `${base}/${id}/stamp?count=1`) };
  return [
    { scenario: getById, share: 0.5 },
    { scenario: byEmail, share: 0.25 },
    { scenario: stamp, share: 0.25 },
  ];
}

export async function runSoak(store: SeededStore, seconds: number, settings: Settings): Promise<SoakFigures> {
  process.stderr.write(`soak: ${seconds} s of reads, lookups and stamps on the large store, sampling the server's RSS every ${SAMPLE_EVERY_SECONDS} s…\n`);
  const loads = soakScenarios(store).map(({ scenario, share }) =>
    startLoad(scenario, store.service.url, store.fixture, Math.max(1, Math.round(settings.connections * share))),
  );
  const rss: RssSample[] = [{ seconds: 0, mib: residentMiB(store.service.pid) }];
  for (let elapsed = SAMPLE_EVERY_SECONDS; elapsed <= seconds; elapsed += SAMPLE_EVERY_SECONDS) {
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_SECONDS * 1000));
    rss.push({ seconds: elapsed, mib: residentMiB(store.service.pid) });
  }
  const measurements = await Promise.all(loads.map((load) => load.stop()));
  const warm = rss.find((sample) => sample.seconds >= Math.min(WARM_AFTER_SECONDS, seconds)) ?? rss[0];
  const last = rss.at(-1);
  const growth = warm?.mib && last?.mib ? last.mib / warm.mib - 1 : null;
  return { seconds, loads: measurements, rss, growth, growthGoalMet: growth !== null && growth <= SOAK_GOAL_GROWTH };
}
