/**
 * The read store's checkpointer against a real SQLite file whose writer never checkpoints itself: the
 * thread copies the log into the database, and the writer's next transaction then writes the log from its
 * start again (SQLite counts each such rewind in the log's header). The thread runs the compiled package.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { until } from '../../testing/until';
import { WalCheckpointer } from './wal-checkpointer';

let directory: string;
let file: string;
let writer: Database.Database;
let insert: Database.Statement<[string]>;
let checkpointer: WalCheckpointer | null = null;

beforeEach(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-checkpointer-'));
  file = path.join(directory, 'read-models.sqlite');
  writer = new Database(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('wal_autocheckpoint = 0');
  writer.exec('CREATE TABLE documents (doc TEXT NOT NULL)');
  insert = writer.prepare('INSERT INTO documents (doc) VALUES (?)');
  for (let batch = 0; batch < 20; batch++) writer.transaction(() => Array.from({ length: 20 }, () => insert.run('x'.repeat(1000))))();
});

afterEach(async () => {
  await checkpointer?.stop();
  checkpointer = null;
  writer.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

/** The log header's checkpoint sequence number (bytes 12–15, big-endian): SQLite adds one at every rewind. */
function rewinds(): number {
  const header = Buffer.alloc(32);
  const descriptor = fs.openSync(`${file}-wal`, 'r');
  try {
    fs.readSync(descriptor, header, 0, 32, 0);
  } finally {
    fs.closeSync(descriptor);
  }
  return header.readUInt32BE(12);
}

const databaseBytes = () => fs.statSync(file).size;

/** Small transactions with pauses between them: time enough for a checkpointer to finish between two. */
async function writeOneAtATime(count: number): Promise<void> {
  for (let write = 0; write < count; write++) {
    insert.run('one more');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the read store checkpointer', () => {
  it('copies the log into the database on its own thread, so the next write rewinds the log', async () => {
    const [rewindsBefore, bytesBefore] = [rewinds(), databaseBytes()];
    checkpointer = WalCheckpointer.start(file, { intervalMs: 5, onError: (error) => fail(error) });
    await until(async () => {
      insert.run('one more');
      return rewinds() > rewindsBefore;
    }, 'the log to be rewound');
    expect(databaseBytes()).toBeGreaterThan(bytesBefore + 400 * 1000);
  });

  it('is what rewinds it: without it, a writer that never checkpoints writes on at the end of the log', async () => {
    const rewindsBefore = rewinds();
    await writeOneAtATime(10);
    expect(rewinds()).toBe(rewindsBefore);
  });

  it('stops: its thread ends and the file is left to its writer', async () => {
    const started = WalCheckpointer.start(file, { intervalMs: 5, onError: (error) => fail(error) });
    await started.stop();
    await started.stop();
    // A checkpoint the thread finished before it stopped makes the next write rewind the log, once.
    await writeOneAtATime(1);
    const rewindsAfter = rewinds();
    await writeOneAtATime(10);
    expect(rewinds()).toBe(rewindsAfter);
  });

  it('reports a file it cannot open, and stops all the same', async () => {
    const errors: Error[] = [];
    const broken = WalCheckpointer.start(path.join(directory, 'missing.sqlite'), { onError: (error) => errors.push(error) });
    await until(async () => errors.length > 0, 'the error to be reported');
    await broken.stop();
    expect(errors[0]?.message).toMatch(/checkpointer failed: unable to open database file/);
  });
});

function fail(error: Error): never {
  throw error;
}
