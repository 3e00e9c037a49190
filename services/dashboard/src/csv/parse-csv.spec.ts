/** The CSV reader reads what spreadsheets write (RFC 4180 and its usual variants) and says where a file is broken. */
import { describe, expect, it } from '@jest/globals';
import { CsvError, parseCsv } from './parse-csv';

describe('reading a CSV file', () => {
  it('reads a header and rows, each with the line it starts on', () => {
    expect(parseCsv('name,email\nAda,ada@example.com\nBob,bob@example.com\n')).toEqual({
      header: ['name', 'email'],
      rows: [
        { line: 2, cells: ['Ada', 'ada@example.com'] },
        { line: 3, cells: ['Bob', 'bob@example.com'] },
      ],
    });
  });

  it('reads quoted fields with commas, doubled quotes and line breaks inside, and counts lines past them', () => {
    const table = parseCsv('name,note\r\n"Lovelace, Ada","She said ""hi"""\r\n"Two\r\nlines",x\r\nLast,y');
    expect(table.rows).toEqual([
      { line: 2, cells: ['Lovelace, Ada', 'She said "hi"'] },
      { line: 3, cells: ['Two\r\nlines', 'x'] },
      { line: 5, cells: ['Last', 'y'] },
    ]);
  });

  it('keeps empty cells, including a trailing one and an empty quoted one', () => {
    expect(parseCsv('a,b,c\n1,,\n"",2,""\n').rows).toEqual([
      { line: 2, cells: ['1', '', ''] },
      { line: 3, cells: ['', '2', ''] },
    ]);
  });

  it('skips blank lines, drops a byte-order mark and trims the column names', () => {
    expect(parseCsv('\uFEFF name , email \n\nAda,ada@example.com\n\n')).toEqual({ header: ['name', 'email'], rows: [{ line: 3, cells: ['Ada', 'ada@example.com'] }] });
  });

  it('reads semicolon-separated files as some spreadsheets export them', () => {
    expect(parseCsv('name;points\nAda;10\n"Semi;colon";2').rows).toEqual([
      { line: 2, cells: ['Ada', '10'] },
      { line: 3, cells: ['Semi;colon', '2'] },
    ]);
  });

  it('gives an empty table for an empty file', () => {
    expect(parseCsv('')).toEqual({ header: [], rows: [] });
    expect(parseCsv('\n\n')).toEqual({ header: [], rows: [] });
  });

  it('refuses a quote that never closes, naming the line it opened on', () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3')).toThrow(new CsvError('a quoted field is never closed', 2));
  });

  it('refuses text after a closing quote and a quote in the middle of a field', () => {
    expect(() => parseCsv('a\n"x"y')).toThrow('line 2: text after a closing quote');
    expect(() => parseCsv('a\nx"y"')).toThrow('line 2: a quote may only open a field');
  });
});
