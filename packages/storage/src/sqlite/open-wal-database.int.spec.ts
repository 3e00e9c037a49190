/**
 * A SQLite file opened by several processes at once, as the CLI and a starting service open a new data
 * directory's files: each process gets its connection, in WAL mode, none refused with SQLITE_BUSY.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { openWalDatabase } from './open-wal-database';

/** Each process waits for the same instant, then opens the file and says which journal mode it got. */
const OPENER = `
  const { openWalDatabase } = require(process.argv[1]);
  const [file, at] = process.argv.slice(2);
  while (Date.now() < Number(at)) {}
  try {
    const db = openWalDatabase(file, { synchronous: 'FULL' });
    db.exec('CREATE TABLE IF NOT EXISTS opened (pid INTEGER)');
    db.prepare('INSERT INTO opened VALUES (?)').run(process.pid);
    process.stdout.write(db.pragma('journal_mode', { simple: true }));
    db.close();
  } catch (error) {
    process.stdout.write(String(error.code));
  }
`;
/** The compiled package: the processes run plain JavaScript (`npm test` builds first). */
const STORAGE = path.resolve(__dirname, '../../dist/index.js');
const PROCESSES = 3;
const ROUNDS = 20;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-open-wal-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function openAt(file: string, at: number): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['-e', OPENER, STORAGE, file, String(at)], (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
}

describe('a new SQLite file opened by several processes at once', () => {
  it('gives every process its connection in WAL mode', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const file = path.join(dir, `round-${round}.sqlite`);
      // Far enough ahead that every process has started and waits for it.
      const at = Date.now() + 300;
      outcomes.push(...(await Promise.all(Array.from({ length: PROCESSES }, () => openAt(file, at)))));
    }
    expect(outcomes.filter((outcome) => outcome !== 'wal')).toEqual([]);
  }, 60_000);
});

describe('a SQLite file opened in a directory not there yet', () => {
  it("makes the directory its owner's only: other users read no customer's data", () => {
    const data = path.join(dir, 'new-data', 'nested');
    openWalDatabase(path.join(data, 'events.sqlite'), { synchronous: 'FULL' }).close();

    expect(fs.statSync(data).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.dirname(data)).mode & 0o777).toBe(0o700);
  });
});
