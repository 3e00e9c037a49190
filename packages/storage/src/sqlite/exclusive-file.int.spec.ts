/** A file held by one process at a time: refused to others while held, free once released or its process is gone. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from '@jest/globals';
import { holdExclusively } from './exclusive-file';

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'exclusive-file-'));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

/** The compiled package: another process runs plain JavaScript (`npm test` builds first). */
const STORAGE = path.resolve(__dirname, '../../dist/index.js');
/** Whether another process can hold the file now; it lets go as it exits. */
const anotherProcessHolds = (file: string): boolean =>
  execFileSync(process.execPath, ['-e', `process.stdout.write(String(require(${JSON.stringify(STORAGE)}).holdExclusively(${JSON.stringify(file)}) !== null))`]).toString() === 'true';

it('is held by one holder at a time, in this process or another, until released', () => {
  const file = path.join(directory, 'new', 'server.lock');
  const held = holdExclusively(file);
  expect(held).not.toBeNull();
  expect(holdExclusively(file)).toBeNull();
  expect(anotherProcessHolds(file)).toBe(false);
  held?.release();
  expect(anotherProcessHolds(file)).toBe(true);
  // The other process held it and exited without releasing it: the lock went with it.
  const again = holdExclusively(file);
  expect(again).not.toBeNull();
  again?.release();
});
