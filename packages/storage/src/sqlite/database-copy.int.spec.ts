/** A database copied while another process commits to it every moment: the copy ends, whole, as of one instant. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { copyDatabase, holdsTable } from './database-copy';
import { openWalDatabase } from './open-wal-database';

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'database-copy-'));
const source = path.join(directory, 'source.sqlite');
/** Rows of this many bytes, so that the database spans thousands of pages, as a store in use does. */
const ROW_BYTES = 2000;
let writer: ChildProcess;

/** Another process commits a row (`n`, with a row of `n` in `tally`) every moment until it is killed, the first before it says it writes. */
const WRITER = `
  const db = new (require(${JSON.stringify(require.resolve('better-sqlite3'))}))(${JSON.stringify(source)});
  db.pragma('journal_mode = WAL');
  const insert = db.prepare('INSERT INTO rows (n, padding) VALUES (?, ?)');
  const tally = db.prepare('UPDATE tally SET n = ?');
  const commit = db.transaction((n) => { insert.run(n, 'x'.repeat(${ROW_BYTES})); tally.run(n); });
  let n = db.prepare('SELECT n FROM tally').get().n;
  commit(++n);
  process.stdout.write('writing\\n');
  setInterval(() => { for (let i = 0; i < 5; i += 1) commit(++n); }, 1);
`;

beforeAll(async () => {
  const db = openWalDatabase(source, { synchronous: 'NORMAL' });
  db.exec('CREATE TABLE rows (n INTEGER PRIMARY KEY, padding TEXT NOT NULL); CREATE TABLE tally (n INTEGER NOT NULL); INSERT INTO tally VALUES (0)');
  const insert = db.prepare('INSERT INTO rows (n, padding) VALUES (?, ?)');
  db.transaction(() => {
    for (let n = 1; n <= 10_000; n += 1) insert.run(n, 'x'.repeat(ROW_BYTES));
    db.prepare('UPDATE tally SET n = 10000').run();
  })();
  db.close();
  writer = spawn(process.execPath, ['-e', WRITER], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => writer.stdout?.once('data', resolve));
});

afterAll(() => {
  writer.kill('SIGKILL');
  fs.rmSync(directory, { recursive: true, force: true });
});

it('copies a database another process writes to meanwhile into one file, whole as of one instant', () => {
  const copy = path.join(directory, 'copy.sqlite');

  copyDatabase(source, copy);

  expect(fs.readdirSync(directory).filter((name) => name.startsWith('copy'))).toEqual(['copy.sqlite']);
  const db = new Database(copy, { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const rows: unknown = db.prepare('SELECT count(*) FROM rows').pluck().get();
    const last: unknown = db.prepare('SELECT max(n) FROM rows').pluck().get();
    const tally: unknown = db.prepare('SELECT n FROM tally').pluck().get();
    // Every row the writer committed by that instant, its tally with them, and at least its first.
    expect([rows, last]).toEqual([tally, tally]);
    expect(typeof tally === 'number' && tally > 10_000).toBe(true);
  } finally {
    db.close();
  }
});

it('tells a database holding a table from one without it, and from a file that is no database', () => {
  const notADatabase = path.join(directory, 'notes.txt');
  fs.writeFileSync(notADatabase, 'not a database, though long enough to have a header of one'.repeat(10));

  expect([holdsTable(source, 'rows'), holdsTable(source, 'events'), holdsTable(notADatabase, 'rows')]).toEqual([true, false, false]);
});
