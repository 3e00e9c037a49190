/** Issue 16's goal for reads, judged on the `http` section's table: get ≥ 0.7× of the GET echo, p99 < 20 ms, no failure. */
import { verdict } from './format';
import type { Row } from './report';

const GET_GOAL_RATIO = 0.7;
const GET_GOAL_P99_MS = 20;

export function readGoalLines(rows: readonly Row[]): string[] {
  const get = rows.find((row) => row.scenario === 'get');
  if (get === undefined) return [];
  const met = get.ratio !== null && get.ratio >= GET_GOAL_RATIO && get.p99Ms < GET_GOAL_P99_MS && get.non2xx === 0 && get.errors === 0;
  const ratio = get.ratio === null ? 'n/a' : `${get.ratio.toFixed(2)}×`;
  return [`goal get ≥ ${GET_GOAL_RATIO}× of ${get.baseline ?? 'its baseline'}, p99 < ${GET_GOAL_P99_MS} ms, no failure: ${verdict(met)} (${ratio}, p99 ${get.p99Ms} ms, ${get.non2xx + get.errors} failed)`];
}
