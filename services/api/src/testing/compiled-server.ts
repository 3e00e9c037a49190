/** The compiled server as a child process on a data directory, for the tests that kill it (SIGKILL) and start it again. */
import { afterAll } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const MAIN = path.resolve(__dirname, '../../dist/main.js');

/**
 * A data directory for one test file's compiled servers, and the list it keeps them in: after the file's tests
 * every server on the list is killed (SIGKILL) and the directory removed.
 */
export function compiledServerDirectory(prefix: string): { dataDir: string; running: ChildProcess[] } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const running: ChildProcess[] = [];
  afterAll(() => {
    for (const child of running) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { dataDir, running };
}

export interface CompiledServer {
  child: ChildProcess;
  baseUrl: string;
}

/** Starts the server on `dataDir` and resolves with its base URL once it logs that it listens; `running` keeps it for clean-up. */
export function startCompiledServer(dataDir: string, running: ChildProcess[]): Promise<CompiledServer> {
  if (!fs.existsSync(MAIN)) throw new Error('services/api is not built: run `npm run build` (npm test does)');
  // As many writes as the machine can take: the rate limit would cut the stream short.
  const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', PASSES_DATA_DIR: dataDir, PASSES_RATE_LIMIT_PER_MINUTE: '1000000' };
  const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  running.push(child);
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stderr! });
    lines.on('line', (line) => {
      const record = JSON.parse(line) as { message?: string; url?: string };
      if (record.message === 'wallet pass service running' && record.url) resolve({ child, baseUrl: record.url });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${String(code)} before listening`)));
  });
}

/** A JSON request to a compiled server, as its clients send them; `body` is what the test expects to read. */
export async function call<Body>(method: string, url: string, token: string | null, body?: unknown): Promise<{ status: number; body: Body }> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as Body };
}
