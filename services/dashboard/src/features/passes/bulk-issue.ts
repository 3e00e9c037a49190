/**
 * Sends the checked rows of a CSV in batches of the API's largest (MAX_BULK_ITEMS), one Idempotency-Key per
 * batch, and gives each row of the file its outcome: issued (with the pass), refused by the API (with its
 * error), or not sent because the form's own check refused it.
 */
import { MAX_BULK_ITEMS, type BulkIssueResponse } from '@passes/contracts';
import type { CsvRow } from '../../csv/csv-to-passes';
import type { IssuePassBody } from '../../validation/issue-pass-form';

export type RowOutcome =
  | { line: number; status: 'created'; passId: string; serialNumber: string }
  | { line: number; status: 'error'; code: string; message: string }
  | { line: number; status: 'not_sent'; message: string };

type SendBatch = (items: readonly IssuePassBody[], batchIndex: number) => Promise<BulkIssueResponse>;

export async function issueRows(rows: readonly CsvRow[], send: SendBatch): Promise<RowOutcome[]> {
  const outcomes = new Map<number, RowOutcome>();
  const sendable: { line: number; body: IssuePassBody }[] = [];
  for (const row of rows) {
    if (row.ok) sendable.push({ line: row.line, body: row.body });
    else outcomes.set(row.line, { line: row.line, status: 'not_sent', message: describeErrors(row.errors) });
  }
  for (let start = 0, batch = 0; start < sendable.length; start += MAX_BULK_ITEMS, batch++) {
    const slice = sendable.slice(start, start + MAX_BULK_ITEMS);
    const result = await send(
      slice.map((item) => item.body),
      batch,
    );
    for (const entry of result.results) {
      const row = slice[entry.index];
      if (!row) continue;
      if (entry.status === 'created') {
        outcomes.set(row.line, { line: row.line, status: 'created', passId: entry.pass.id, serialNumber: entry.pass.serial_number });
      } else {
        const details = entry.error.details?.map((detail) => (detail.path ? `${detail.path}: ${detail.message}` : detail.message)).join('; ');
        outcomes.set(row.line, { line: row.line, status: 'error', code: entry.error.code, message: details || entry.error.message });
      }
    }
  }
  return rows.map((row) => outcomes.get(row.line) ?? { line: row.line, status: 'not_sent', message: 'no answer for this row' });
}

function describeErrors(errors: Readonly<Record<string, string>>): string {
  return Object.entries(errors)
    .map(([path, message]) => (path === '' ? message : `${path}: ${message}`))
    .join('; ');
}
