/** Bulk issue sends the ready rows in batches of 500 and gives every row of the file its outcome. */
import { describe, expect, it } from '@jest/globals';
import { MAX_BULK_ITEMS, type BulkIssueResponse } from '@passes/contracts';
import type { CsvRow } from '../../csv/csv-to-passes';
import { issueRows } from './bulk-issue';

const ready = (line: number, name: string): CsvRow => ({ line, ok: true, body: { template_id: 't', customer_name: name } });

describe('issuing the rows of a CSV', () => {
  it('sends only the ready rows and maps each answer back to its line', async () => {
    const rows: CsvRow[] = [ready(2, 'Ada'), { line: 3, ok: false, errors: { customer_email: 'must be a valid email address' } }, ready(4, 'Cy')];
    const sent: string[][] = [];
    const outcomes = await issueRows(rows, async (items) => {
      sent.push(items.map((item) => item.customer_name ?? ''));
      const result: BulkIssueResponse = {
        total: 2,
        succeeded: 1,
        failed: 1,
        results: [
          { index: 0, status: 'created', pass: { id: 'p-1', serial_number: 'PS-1' } },
          { index: 1, status: 'error', error: { code: 'duplicate_external_id', message: "external_id 'm-1' is already used by item 0 of this batch." } },
        ],
      };
      return result;
    });
    expect(sent).toEqual([['Ada', 'Cy']]);
    expect(outcomes).toEqual([
      { line: 2, status: 'created', passId: 'p-1', serialNumber: 'PS-1' },
      { line: 3, status: 'not_sent', message: 'customer_email: must be a valid email address' },
      { line: 4, status: 'error', code: 'duplicate_external_id', message: "external_id 'm-1' is already used by item 0 of this batch." },
    ]);
  });

  it('splits more than 500 rows into batches the API accepts, numbered for their idempotency keys', async () => {
    const rows = Array.from({ length: MAX_BULK_ITEMS * 2 + 1 }, (_, index) => ready(index + 2, `n${index}`));
    const batches: { size: number; index: number }[] = [];
    const outcomes = await issueRows(rows, async (items, index) => {
      batches.push({ size: items.length, index });
      return {
        total: items.length,
        succeeded: items.length,
        failed: 0,
        results: items.map((_, at) => ({ index: at, status: 'created' as const, pass: { id: `p-${index}-${at}`, serial_number: `PS-${index}-${at}` } })),
      };
    });
    expect(batches).toEqual([
      { size: 500, index: 0 },
      { size: 500, index: 1 },
      { size: 1, index: 2 },
    ]);
    expect(outcomes.at(-1)).toEqual({ line: 1002, status: 'created', passId: 'p-2-0', serialNumber: 'PS-2-0' });
  });

  it('shows the details of an item the API refused for validation', async () => {
    const outcomes = await issueRows([ready(2, 'Ada')], async () => ({
      total: 1,
      succeeded: 0,
      failed: 1,
      results: [{ index: 0, status: 'error', error: { code: 'validation_error', message: 'Item failed validation', details: [{ path: 'template_id', message: 'no such template' }] } }],
    }));
    expect(outcomes).toEqual([{ line: 2, status: 'error', code: 'validation_error', message: 'template_id: no such template' }]);
  });
});
