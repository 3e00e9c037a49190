/**
 * A CSV reader after RFC 4180, as spreadsheets export it: fields separated by commas (or semicolons, as
 * some locales export), quoted fields with doubled quotes and line breaks inside, CRLF or LF line ends,
 * a byte-order mark, blank lines skipped. The first row names the columns.
 */

export interface CsvTable {
  header: string[];
  /** Each row with the 1-based line number it starts on, so errors can point at the file. */
  rows: { line: number; cells: string[] }[];
}

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvError';
  }
}

export function parseCsv(text: string): CsvTable {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const delimiter = delimiterOf(source);
  const records = readRecords(source, delimiter);
  const [first, ...rest] = records.filter((record) => !(record.cells.length === 1 && record.cells[0] === ''));
  if (!first) return { header: [], rows: [] };
  return { header: first.cells.map((cell) => cell.trim()), rows: rest };
}

/** A semicolon file names its columns with semicolons and no commas. */
function delimiterOf(source: string): ',' | ';' {
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  return firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
}

function readRecords(source: string, delimiter: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let afterQuote = false;
  let index = 0;
  const endRecord = () => {
    cells.push(cell);
    records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    afterQuote = false;
  };
  while (index < source.length) {
    const char = source[index] as string;
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          cell += '"';
          index += 2;
          continue;
        }
        quoted = false;
        afterQuote = true;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      index += 1;
      continue;
    }
    if (char === '"') {
      if (cell !== '' || afterQuote) throw new CsvError('a quote may only open a field', line);
      quoted = true;
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
      afterQuote = false;
    } else if (char === '\r' && source[index + 1] === '\n') {
      index += 1;
      continue;
    } else if (char === '\n') {
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      if (afterQuote) throw new CsvError('text after a closing quote', line);
      cell += char;
    }
    index += 1;
  }
  if (quoted) throw new CsvError('a quoted field is never closed', recordLine);
  if (cell !== '' || cells.length > 0 || afterQuote) endRecord();
  return records;
}
