/**
 * Rows as RFC 4180 CSV (a header row, CRLF, fields quoted where they must be) through csv-stringify, a
 * streaming stringifier: rows are pulled one at a time as the file is written, so a file of any size
 * holds only what is in flight. A text cell that a spreadsheet would read as a formula (one starting
 * with `=`, `+`, `-` or `@`, or a tab or carriage return, as OWASP lists) is prefixed with `'`.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

export type CsvCell = string | number | boolean | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralised(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The CSV of `rows` under a header of `columns`; the stream fails when the rows do. */
export function csvOf(columns: readonly string[], rows: AsyncIterable<readonly CsvCell[]>): Readable {
  const csv = stringify({
    header: true,
    columns: [...columns],
    record_delimiter: 'windows',
    cast: { string: neutralised, boolean: (value) => (value ? 'true' : 'false') },
  });
  const source = Readable.from(rows);
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
