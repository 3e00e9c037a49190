/** What SQLite throws when a file can grow no further, told apart from its other refusals. */
import { expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { isStorageFull } from './storage-full';

it('recognises a write refused for want of room, and nothing else', () => {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE rows (value TEXT PRIMARY KEY)');
  // As a full disk does: the file may not grow beyond the pages it has.
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`);
  const insert = db.prepare('INSERT INTO rows VALUES (?)');
  const refusal = (write: () => unknown): unknown => {
    try {
      write();
    } catch (error) {
      return error;
    }
    throw new Error('the write was not refused');
  };

  const full = refusal(() => insert.run('x'.repeat(10_000)));
  expect(isStorageFull(full)).toBe(true);
  db.pragma('max_page_count = 1000');
  insert.run('room again');
  expect(isStorageFull(refusal(() => insert.run('room again')))).toBe(false);
  expect(isStorageFull(new Error('database or disk is full'))).toBe(false);
  db.close();
});
