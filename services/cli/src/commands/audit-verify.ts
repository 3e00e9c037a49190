/**
 * `passes audit verify [--business ID]`: refolds every pass from its stream and compares the result
 * with the document the API serves, then the analytics documents likewise (audit-analytics.ts). Prints
 * each difference; exit code 1 if there is any.
 */
import { decodeEvent, passAggregate, passEvents, replayEncoded, streamNames } from '@passes/domain';
import type { Position } from '@passes/event-store';
import { passProjection } from '@passes/read-model';
import { verifyAnalytics } from './audit-analytics';
import type { CliContext } from './cli-context';
import { Progress, count } from './progress';

const PAGE = 1000;

interface Difference {
  passId: string;
  field: string;
  readModel: unknown;
  events: unknown;
}

export async function auditVerify(context: CliContext, businessId: string | undefined): Promise<void> {
  const { events, output } = context;
  const head = await events.headPosition();
  const total = head === null ? 0 : await events.countBetween(null, head, Number.MAX_SAFE_INTEGER);
  const progress = new Progress(output, 'verifying', total);
  let checked = 0;
  let differing = 0;
  for (let after: Position | null = null; ; ) {
    if (context.signal.aborted) throw new Error('Interrupted before every pass was verified');
    const issued = await events.readAll({ after, maxCount: PAGE, filter: { eventTypes: ['PassIssued'] } });
    for (const event of issued) {
      const decoded = decodeEvent(passEvents, event);
      if (decoded.type !== 'PassIssued') continue;
      const { data } = decoded;
      if (businessId !== undefined && data.business_id !== businessId) continue;
      const differences = await differencesOf(context, data.pass_id);
      for (const difference of differences) output.out(describe(difference));
      if (differences.length > 0) differing += 1;
      checked += 1;
    }
    const last = issued.at(-1);
    if (last === undefined) break;
    after = last.position;
    progress.update(await events.countBetween(null, after, Number.MAX_SAFE_INTEGER));
    if (issued.length < PAGE) break;
  }
  progress.finish(checked);
  output.out(`${count(checked)} passes verified: ${differing === 0 ? 'the read model agrees with the events' : `${count(differing)} differ`}.`);
  const analyticsDiffering = await verifyAnalytics(context, businessId);
  if (differing > 0 || analyticsDiffering > 0) process.exitCode = 1;
}

async function differencesOf({ events, documents }: CliContext, passId: string): Promise<Difference[]> {
  const folded = replayEncoded(passAggregate, await events.readStream(streamNames.pass(passId)));
  // The document as stored, not as the read model would check it: what differs is reported, whatever its shape.
  const served = (await documents.get(passProjection.collection, passId))?.doc ?? null;
  if (folded === null || served === null) {
    return folded === served ? [] : [{ passId, field: '(document)', readModel: served === null ? 'missing' : 'present', events: folded === null ? 'none' : 'a pass' }];
  }
  const fields = new Set([...Object.keys(folded), ...Object.keys(served)]);
  return [...fields]
    .filter((field) => JSON.stringify(valueOf(folded, field)) !== JSON.stringify(valueOf(served, field)))
    .map((field) => ({ passId, field, readModel: valueOf(served, field), events: valueOf(folded, field) }));
}

function valueOf(pass: object, field: string): unknown {
  return Object.entries(pass).find(([key]) => key === field)?.[1];
}

function describe({ passId, field, readModel, events }: Difference): string {
  return `pass ${passId}: ${field}: read model ${JSON.stringify(readModel)}, events ${JSON.stringify(events)}`;
}
