/**
 * `passes audit verify [--business ID]`: every read model verified against the event store (auditReadModels):
 * the events folded afresh into a scratch read store in a temporary directory of its own, which is then
 * compared with the live one document by document. Prints each difference and each read model's count;
 * exit code 1 if any document differs or a read model could not be verified.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auditReadModels, readModelProjections, SqliteDocumentStore, type Finding, type ReadModelReport } from '@passes/read-model';
import type { CliContext, Output } from './cli-context';
import { count, Progress } from './progress';

const PAGE = 1000;

export async function auditVerify(context: CliContext, businessId: string | undefined): Promise<void> {
  const { output, events } = context;
  // Created readable by its owner only: the documents folded hold customers' data.
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-audit-'));
  const scratch = SqliteDocumentStore.open(path.join(directory, 'read-models.sqlite'));
  try {
    const head = await events.headPosition();
    const progress = new Progress(output, 'folding the events', head === null ? 0 : await events.countBetween(null, head, Number.MAX_SAFE_INTEGER));
    // Shown while the events are folded the first time, up to the first report; what is folded again after is little.
    let folded = 0;
    let folding = true;
    const reports = await auditReadModels({
      events: context.events,
      live: context.documents,
      scratch,
      projections: readModelProjections,
      businessId,
      pageSize: PAGE,
      signal: context.signal,
      now: context.clock.now(),
      onFolded: async (position) => {
        if (folding && progress.isDue) progress.update((folded = await events.countBetween(null, position, Number.MAX_SAFE_INTEGER)));
      },
      onReport: (report) => {
        if (folding) progress.finish(folded);
        folding = false;
        print(output, report);
      },
    });
    const differing = reports.reduce((total, report) => total + report.findings.length, 0);
    const unverified = reports.filter((report) => report.notVerified !== null).length;
    if (differing === 0 && unverified === 0) output.out('Every read model agrees with the events.');
    else output.out(`${count(differing)} documents differ from the events; ${count(unverified)} read models not verified.`);
    if (differing > 0 || unverified > 0) process.exitCode = 1;
  } finally {
    await scratch.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

function print(output: Output, { collection, verified, findings, notVerified }: ReadModelReport): void {
  if (notVerified !== null) {
    output.out(`${collection}: not verified: ${notVerified}.`);
    return;
  }
  for (const finding of findings) for (const line of describe(collection, finding)) output.out(line);
  const verdict = findings.length === 0 ? 'the read model agrees with the events' : `${count(findings.length)} differ`;
  output.out(`${collection}: ${count(verified)} documents verified, ${verdict}.`);
}

function describe(collection: string, finding: Finding): string[] {
  switch (finding.kind) {
    case 'missing':
      return [`${collection} ${finding.id}: missing from the read model (the events make it)`];
    case 'extra':
      return [`${collection} ${finding.id}: in the read model, made by no event`];
    case 'differs':
      return finding.fields.map(({ field, readModel, events }) => `${collection} ${finding.id}: ${field}: read model ${shown(readModel)}, events ${shown(events)}`);
  }
}

/** A field one side lacks is shown as `none`. */
function shown(value: unknown): string {
  return value === undefined ? 'none' : JSON.stringify(value);
}
