/**
 * One embedded server a data directory, proved on the compiled server: a second one started on the
 * directory a running one serves refuses to start and says why, changing nothing; once the first is gone,
 * even killed with SIGKILL, the next one starts.
 */
import { expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { compiledServerDirectory, startCompiledServer } from './testing/compiled-server';

const MAIN = path.resolve(__dirname, '../dist/main.js');
const { dataDir, running } = compiledServerDirectory('passes-one-server-');

/** Starts a server on the directory and waits for it to end by itself: its exit code and what it wrote on stderr. */
function startRefused(): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PASSES_DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'pipe'] });
  running.push(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

it('refuses a second server on a directory a running one serves, and lets the next one in once that one is gone', async () => {
  const first = await startCompiledServer(dataDir, running);
  const second = await startRefused();
  expect(second).toEqual({
    code: 1,
    stderr: `Another wallet pass service is serving the data directory ${dataDir}: stop it, or give this one a directory of its own (PASSES_DATA_DIR)\n`,
  });
  expect((await fetch(`${first.baseUrl.replace(/\/api\/v1$/, '')}/readyz`)).status).toBe(200);

  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  const next = await startCompiledServer(dataDir, running);
  expect((await fetch(`${next.baseUrl.replace(/\/api\/v1$/, '')}/readyz`)).status).toBe(200);
  next.child.kill('SIGTERM');
});
