/**
 * Faults of the distributed profile, with processes of its own: the MongoDB-wire server stopped and
 * started again under a running API process, and an event store that cannot be reached. Requests that
 * need what is down get 503 service_unavailable at once, never a hang or a 500, and the processes
 * recover by themselves.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeWithServer } from '@passes/testkit';
import { ServiceProcess } from './testing/service-process';

const FERRETDB = path.resolve(__dirname, '../../../infra/ferretdb/ferretdb.sh');
const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
/** The server-selection timeout of the service's MongoDB client, and some room. */
const UNAVAILABLE_WITHIN_MS = 4000;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function ferretdb(command: 'start' | 'stop', stateDir: string, port?: number): void {
  execFileSync(FERRETDB, [command, stateDir, ...(port === undefined ? [] : [String(port)])], { stdio: ['ignore', 'ignore', 'inherit'] });
}

interface Answer {
  status: number;
  body: { error?: { code: string } };
  elapsedMs: number;
}

async function register(api: ServiceProcess): Promise<Answer> {
  const started = Date.now();
  const response = await fetch(`${api.url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ business_name: 'Faulty Café', email: `owner-${randomUUID()}@example.com`, password: 'correct-horse-battery' }),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'], elapsedMs: Date.now() - started };
}

const baseEnv = (dataDir: string): NodeJS.ProcessEnv => ({
  PASSES_PROFILE: 'distributed',
  PASSES_DATA_DIR: dataDir,
  PASSES_MONGODB_DATABASE: `passes_faults_${randomUUID().slice(0, 8)}`,
  PASSES_SECRET_KEY: SECRET,
  PASSES_RATE_LIMIT_PER_MINUTE: '1000000',
  PASSES_PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
  HOST: '127.0.0.1',
  PORT: '0',
});

// The run's own MongoDB-wire server means FerretDB is built here; this suite starts a second one it may stop.
describeWithServer('mongodb', 'MongoDB stopped under a running API process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-faults-'));
  const mongoDir = path.join(dataDir, 'ferretdb');
  let port = 0;
  let api: ServiceProcess;
  let projector: ServiceProcess;

  beforeAll(async () => {
    port = await freePort();
    ferretdb('start', mongoDir, port);
    const env = { ...baseEnv(dataDir), PASSES_EVENT_STORE: 'sqlite', PASSES_MONGODB_URL: `mongodb://127.0.0.1:${port}` };
    projector = await new ServiceProcess('projector', 'projector', env).start();
    api = await new ServiceProcess('api', 'api', env).start();
  }, 120_000);

  afterAll(async () => {
    await api?.kill('SIGTERM');
    await projector?.kill('SIGTERM');
    ferretdb('stop', mongoDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 service_unavailable while it is down, and serves again once it is back', async () => {
    expect((await register(api)).status).toBe(201);

    ferretdb('stop', mongoDir);
    const down = await register(api);
    expect(down.status).toBe(503);
    expect(down.body.error?.code).toBe('service_unavailable');
    expect(down.elapsedMs).toBeLessThan(UNAVAILABLE_WITHIN_MS);
    const ready = await fetch(`${api.url.replace(/\/api\/v1$/, '')}/readyz`);
    expect(ready.status).toBe(503);

    ferretdb('start', mongoDir, port);
    let again = await register(api);
    for (let attempt = 0; again.status !== 201 && attempt < 50; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      again = await register(api);
    }
    expect(again.status).toBe(201);
    expect(api.problems().filter((line) => line.includes('"level":"error"'))).toEqual([]);
  }, 60_000);
});

describeWithServer('mongodb', 'an event store that cannot be reached', (mongodb) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-faults-esdb-'));
  let api: ServiceProcess;

  beforeAll(async () => {
    // Nothing listens on this loopback port: every append fails as if EventStoreDB were down.
    const closed = await freePort();
    api = await new ServiceProcess('api', 'api', {
      ...baseEnv(dataDir),
      PASSES_EVENT_STORE: 'eventstoredb',
      PASSES_EVENTSTORE_URL: `esdb://127.0.0.1:${closed}?tls=false`,
      PASSES_MONGODB_URL: mongodb,
    }).start();
  }, 60_000);

  afterAll(async () => {
    await api?.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a write with 503 service_unavailable, having written nothing', async () => {
    const answer = await register(api);
    expect(answer.status).toBe(503);
    expect(answer.body.error?.code).toBe('service_unavailable');
  });
});

describeWithServer('mongodb', 'a MongoDB that is not up yet when the processes start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-faults-late-'));
  const mongoDir = path.join(dataDir, 'ferretdb');
  const cli = path.resolve(__dirname, '../../cli/bin/passes.js');
  let projector: ServiceProcess | undefined;

  afterAll(async () => {
    await projector?.kill('SIGTERM');
    ferretdb('stop', mongoDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('has the projector and the CLI wait for it, saying what they wait for, instead of exiting', async () => {
    const port = await freePort();
    const env = { ...baseEnv(dataDir), PASSES_EVENT_STORE: 'sqlite', PASSES_MONGODB_URL: `mongodb://127.0.0.1:${port}` };
    const starting = new ServiceProcess('projector', 'projector', env);
    projector = starting;
    const ready = starting.start();
    const cliRun = new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [cli, 'projections', 'status'], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('exit', (code) => resolve({ code, stderr }));
    });

    const waiting = `waiting for MongoDB at 127.0.0.1:${port}`;
    for (let attempt = 0; !starting.logLines().some((line) => line.includes(waiting)) && attempt < 200; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(starting.logLines().some((line) => line.includes(waiting))).toBe(true);
    ferretdb('start', mongoDir, port);

    await ready;
    const status = await cliRun;
    expect(status.stderr).toContain(`Waiting for MongoDB at 127.0.0.1:${port}`);
    expect(status.code).toBe(0);
  }, 120_000);
});
