/**
 * The rows of a bulk-issue CSV as issue bodies: one column per issue field (`customer_name`,
 * `customer_email`, `external_id`, `initial_balance`, `points`, `barcode_data`, `nfc_data`) and
 * `metadata.<name>` columns for metadata. Each row is checked as the API checks a single issue; the rows
 * that pass are sent, the others show why they were not.
 */
import type { FieldErrors } from '../validation/field-errors';
import { checkIssuePass, EMPTY_ISSUE_FORM, type IssuePassBody, type IssuePassForm } from '../validation/issue-pass-form';
import type { CsvTable } from './parse-csv';

export const CSV_COLUMNS = ['customer_name', 'customer_email', 'external_id', 'initial_balance', 'points', 'barcode_data', 'nfc_data'] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];
const METADATA_PREFIX = 'metadata.';

export type CsvRow = { line: number; ok: true; body: IssuePassBody } | { line: number; ok: false; errors: FieldErrors };

export type CsvPasses = { ok: true; rows: CsvRow[] } | { ok: false; message: string };

export function passesFromCsv(table: CsvTable, templateId: string): CsvPasses {
  const unknown = table.header.filter((column) => !isColumn(column) && !column.startsWith(METADATA_PREFIX));
  if (table.header.length === 0 || table.rows.length === 0) return { ok: false, message: 'The file has no rows under its header.' };
  if (unknown.length > 0) {
    return { ok: false, message: `Unknown column ${unknown.map((column) => `“${column}”`).join(', ')}. Columns: ${CSV_COLUMNS.join(', ')}, metadata.<name>.` };
  }
  const duplicated = table.header.find((column, index) => table.header.indexOf(column) !== index);
  if (duplicated) return { ok: false, message: `Column “${duplicated}” appears twice.` };
  const rows = table.rows.map(({ line, cells }): CsvRow => {
    if (cells.length !== table.header.length) {
      return { line, ok: false, errors: { '': `has ${cells.length} fields where the header has ${table.header.length}` } };
    }
    // The file names no currency: a balance may start with any of the signs money-input knows.
    const checked = checkIssuePass(formOf(table.header, cells, templateId), null);
    return checked.ok ? { line, ok: true, body: checked.body } : { line, ok: false, errors: checked.errors };
  });
  return { ok: true, rows };
}

function formOf(header: readonly string[], cells: readonly string[], templateId: string): IssuePassForm {
  const form: IssuePassForm = { ...EMPTY_ISSUE_FORM, template_id: templateId };
  const metadata: { key: string; value: string }[] = [];
  header.forEach((column, index) => {
    const value = cells[index] ?? '';
    if (isColumn(column)) form[column] = value;
    else if (value !== '') metadata.push({ key: column.slice(METADATA_PREFIX.length), value });
  });
  return { ...form, metadata };
}

function isColumn(column: string): column is CsvColumn {
  return (CSV_COLUMNS as readonly string[]).includes(column);
}
