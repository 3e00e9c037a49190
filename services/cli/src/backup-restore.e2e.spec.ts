/**
 * `passes backup` and `passes restore`, run as the compiled CLI on the data directory of a server, as an
 * operator would: a backup taken while the server serves, the server stopped, the backup put back, the
 * server started again. `npm test` builds the CLI first.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { issuePass, registerBusiness, type TestBusiness } from '../../api/src/testing/fixtures';
import { call, compiledServerDirectory, startCompiledServer } from '../../api/src/testing/compiled-server';
import { ManualClock } from '../../api/src/testing/manual-clock';
import { TestServer } from '../../api/src/testing/test-server';
import type { PassBody } from '../../api/src/testing/wire-types';
import { runPasses, type CliOutcome } from './testing/run-passes';

const KEY = 'issue-after-the-backup';

let server: TestServer;
let business: TestBusiness;
const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-backups-'));
const backup = path.join(backups, 'monday');
/** Stamped once before the backup, twice after it. */
let kept = '';
/** Issued after the backup, under an Idempotency-Key. */
let lost = '';
const outcomes: Record<string, CliOutcome> = {};

function passes(...args: string[]): Promise<CliOutcome> {
  return passesOn(server.dataDir, ...args);
}

function passesOn(dataDir: string, ...args: string[]): Promise<CliOutcome> {
  return runPasses({ PASSES_DATA_DIR: dataDir }, args);
}

const passPath = (id: string) => `/businesses/${business.businessId}/passes/${id}`;
const getPass = (id: string) => server.request<PassBody>('GET', passPath(id), { token: business.token });
const stamp = (id: string, count: number) => server.request<PassBody>('POST', `${passPath(id)}/stamp?count=${count}`, { token: business.token });
const issueKeyed = () => server.request<PassBody>('POST', `/businesses/${business.businessId}/passes`, { token: business.token, headers: { 'idempotency-key': KEY }, body: { template_id: business.templateId } });

beforeAll(async () => {
  if (!fs.existsSync(path.resolve(__dirname, '../dist/main.js'))) throw new Error('services/cli is not built: run `npm run build` (npm test does)');
  // The clock at the real time: the new machine's server (below) checks the business's access token against its own.
  server = await TestServer.start(new ManualClock(new Date()));
  business = await registerBusiness(server);
  kept = (await issuePass(server, business)).id;
  await stamp(kept, 1);

  outcomes['backup'] = await passes('backup', backup);
  lost = (await issueKeyed()).body.id;
  await stamp(kept, 2);
  outcomes['restore while serving'] = await passes('restore', backup);
  await server.halt();
  outcomes['restore'] = await passes('restore', backup);
  outcomes['set-plan before the start'] = await passes('admin', 'set-plan', business.businessId, 'pro');
  await server.resume();
});

/** Another machine's empty data directory, and the compiled server started there. */
const newMachine = compiledServerDirectory('passes-new-machine-');

afterAll(async () => {
  await server.stop();
  fs.rmSync(backups, { recursive: true, force: true });
});

describe('passes backup <directory>, while the server serves', () => {
  it('copies the events, the followers’ checkpoints, the background work, the template images and the secret into the new directory, a file each', () => {
    expect(outcomes['backup']?.code).toBe(0);
    expect(fs.readdirSync(backup).sort()).toEqual(['background-work.sqlite', 'checkpoints.sqlite', 'events.sqlite', 'secret.key', 'template-images.sqlite']);
    expect(outcomes['backup']?.stdout).toContain(backup);
  });

  it('makes the directory and its files readable by the operator alone: they hold the customers’ names and emails', () => {
    const modes = [backup, ...fs.readdirSync(backup).map((name) => path.join(backup, name))].map((file) => fs.statSync(file).mode & 0o777);

    expect(modes).toEqual([0o700, 0o600, 0o600, 0o600, 0o600, 0o600]);
  });

  it('refuses a directory that is not empty, and says so', async () => {
    const refused = await passes('backup', backup);

    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not empty');
  });

  it('asks for a directory', async () => {
    expect((await passes('backup')).code).toBe(2);
  });
});

describe('passes restore <directory>', () => {
  it('refuses while the server serves the data directory', () => {
    expect(outcomes['restore while serving']?.code).toBe(1);
    expect(outcomes['restore while serving']?.stderr).toContain('stop it before restoring');
  });

  it('refuses a directory that holds no backup', async () => {
    const empty = fs.mkdtempSync(path.join(backups, 'empty-'));
    const refused = await passes('restore', empty);

    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('holds no backup of the event store');
  });

  it('puts the backup in place once the server is stopped: the server answers as the backup had it', async () => {
    expect(outcomes['restore']?.code).toBe(0);
    expect((await getPass(kept)).body.stamps).toBe(1);
    expect((await getPass(lost)).status).toBe(404);
  });

  it('forgets the answers recorded for Idempotency-Keys: a retry of a write the backup does not have runs again', async () => {
    const retried = await issueKeyed();

    expect(retried.status).toBe(201);
    expect(retried.body.id).not.toBe(lost);
    expect((await getPass(retried.body.id)).status).toBe(200);
  });

  it('leaves a directory the CLI may write to before the server starts: the server takes what it wrote', async () => {
    const me = await server.request<{ plan: string }>('GET', '/businesses/me', { token: business.token });

    expect(outcomes['set-plan before the start']?.code).toBe(0);
    expect(me.body.plan).toBe('pro');
  });

  it('leaves a server that goes on from the restored history', async () => {
    const issued = await issuePass(server, business);

    expect((await getPass(issued.id)).status).toBe(200);
    expect((await stamp(kept, 1)).body.stamps).toBe(2);
    expect((await getPass(kept)).body.stamps).toBe(2);
  });

  it('restores onto a new machine, into an empty data directory: a server there knows the business, its signing secret (an access token of before holds) and its passes', async () => {
    expect((await passesOn(newMachine.dataDir, 'restore', backup)).code).toBe(0);

    const started = await startCompiledServer(newMachine.dataDir, newMachine.running);
    const pass = await call<PassBody>('GET', `${started.baseUrl}${passPath(kept)}`, business.token);

    expect([pass.status, pass.body.stamps]).toEqual([200, 1]);
  });
});
