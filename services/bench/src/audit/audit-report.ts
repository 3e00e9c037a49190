/** The audit section as a person reads it: each read's median and p99, and the goal. */
import { count, verdict } from '../format';
import { heading } from '../section';
import { AUDIT_GOAL_MS, type AuditFigures } from './audit-figures';
import type { SequentialTiming } from './sequential-timing';

const timing = (name: string, { requests, medianMs, p99Ms }: SequentialTiming) =>
  `${name.padEnd(46)}median ${medianMs.toFixed(1).padStart(6)} ms   p99 ${p99Ms.toFixed(1).padStart(6)} ms   (${requests} requests, one at a time)`;

export function auditLines(figures: AuditFigures): string[] {
  const { asOf, firstPage, wholeHistory } = figures;
  return [
    '',
    heading(`audit · embedded profile · one pass with ${count(figures.passEvents)} events`),
    `${'GET …/passes/{id}?as_of=<now>, the first'.padEnd(46)}${figures.asOfFirstMs.toFixed(1).padStart(13)} ms   (the first since the service started: no fold of the pass kept yet)`,
    timing('GET …/passes/{id}?as_of=<now>', asOf),
    `${'whole history, the first'.padEnd(46)}${figures.wholeHistoryFirstMs.toFixed(1).padStart(13)} ms   (the first since the service started: no page of it kept yet)`,
    timing('GET …/passes/{id}/events?limit=1000', firstPage),
    timing(`whole history: ${wholeHistory.pages} pages of 1000`, wholeHistory),
    `goal as-of of a pass with ${count(figures.passEvents)} events < ${AUDIT_GOAL_MS} ms (p99): ${verdict(figures.asOfGoalMet)} (p99 ${asOf.p99Ms.toFixed(1)} ms)`,
    `goal history of a pass with ${count(figures.passEvents)} events < ${AUDIT_GOAL_MS} ms (p99 of the whole history): ${verdict(figures.historyGoalMet)} (p99 ${wholeHistory.p99Ms.toFixed(1)} ms)`,
  ];
}
