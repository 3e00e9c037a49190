/**
 * The write-path goals of issue 16, each judged on figures of one run: issue and stamp against the POST
 * echo measured beside them, the hot pass against its own section's echo, the long stream against fresh
 * passes stamped in the same section.
 */
import { ratio, verdict } from '../format';
import type { Measurement } from '../measure';
import type { Row } from '../report';

const GOAL_WRITE_RATIO = 0.5;
const GOAL_WRITE_P99_MS = 20;
const GOAL_HOT_PASS_RATIO = 0.3;
const GOAL_LONG_STREAM_RATIO = 1.2;

export interface HotPassFigures {
  postEcho: Measurement;
  hotPass: Measurement;
}

export interface LongStreamFigures {
  /** Events in each long pass's stream before the load. */
  streamEvents: number;
  passes: number;
  fresh: Measurement;
  long: Measurement;
  /** The same once a webhook hears every stamp: the dispatcher then needs each pass as it was after each one. */
  subscribed: { fresh: Measurement; long: Measurement };
}

const failures = (measurement: Measurement) => measurement.non2xx + measurement.errors;

function writeScenarioLines(rows: Row[]): string[] {
  return ['issue', 'stamp'].flatMap((name) => {
    const row = rows.find((candidate) => candidate.scenario === name);
    if (!row || row.ratio === null) return [];
    const ratioMet = row.ratio >= GOAL_WRITE_RATIO && failures(row) === 0;
    const p99Met = row.p99Ms < GOAL_WRITE_P99_MS;
    return [
      `goal ${name} ≥ ${GOAL_WRITE_RATIO}× POST echo, no failed request: ${verdict(ratioMet)} (${row.ratio.toFixed(2)}×, ${failures(row)} failed)`,
      `goal ${name} p99 < ${GOAL_WRITE_P99_MS} ms: ${verdict(p99Met)} (${row.p99Ms} ms)`,
    ];
  });
}

function hotPassLines({ postEcho, hotPass }: HotPassFigures): string[] {
  const part = postEcho.requestsPerSecond > 0 ? hotPass.requestsPerSecond / postEcho.requestsPerSecond : 0;
  const met = failures(hotPass) === 0 && part >= GOAL_HOT_PASS_RATIO;
  return [`goal hot pass 0 errors and ≥ ${GOAL_HOT_PASS_RATIO}× POST echo: ${verdict(met)} (${ratio(hotPass.requestsPerSecond, postEcho.requestsPerSecond)}, ${failures(hotPass)} failed)`];
}

function longStreamLine(streamEvents: number, fresh: Measurement, long: Measurement, condition: string): string {
  // Cost of a stamp is the inverse of throughput: the long stream's cost over the fresh one's.
  const slowdown = long.requestsPerSecond > 0 ? fresh.requestsPerSecond / long.requestsPerSecond : Number.POSITIVE_INFINITY;
  const met = slowdown <= GOAL_LONG_STREAM_RATIO && failures(long) === 0;
  return `goal stamp on ${streamEvents.toLocaleString('en-US')}-event passes within ${GOAL_LONG_STREAM_RATIO}× of fresh passes${condition}: ${verdict(met)} (${slowdown.toFixed(2)}× the cost; p50 ${long.p50Ms} ms against ${fresh.p50Ms} ms)`;
}

function longStreamLines({ streamEvents, fresh, long, subscribed }: LongStreamFigures): string[] {
  return [longStreamLine(streamEvents, fresh, long, ''), longStreamLine(streamEvents, subscribed.fresh, subscribed.long, ', a webhook hearing every stamp')];
}

/** Lines for the goals whose sections ran; nothing when none did. */
export function writePathGoalLines(figures: { scenarios: Row[] | null; hotPass: HotPassFigures | null; longStream: LongStreamFigures | null }): string[] {
  const lines = [
    ...(figures.scenarios ? writeScenarioLines(figures.scenarios) : []),
    ...(figures.hotPass ? hotPassLines(figures.hotPass) : []),
    ...(figures.longStream ? longStreamLines(figures.longStream) : []),
  ];
  return lines.length === 0 ? [] : ['', '## write-path goals (issue 16)', ...lines];
}
