/**
 * The operator's projection and audit commands, run as their own compiled process on a server's data
 * directory: a rebuild while the server answers a load, a rebuild killed midway, a refused second
 * rebuild, and an audit that finds a document (a pass, an analytics day) altered behind the service's back.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { PROJECTOR_LEASE, readModelProjections, SqliteDocumentStore } from '@passes/read-model';
import { appendStamps } from '../../api/src/testing/event-seeding';
import { issuePass, registerBusiness, type TestBusiness } from '../../api/src/testing/fixtures';
import { TestServer } from '../../api/src/testing/test-server';
import type { PassBody } from '../../api/src/testing/wire-types';

const CLI = path.resolve(__dirname, '../bin/passes.js');
const run = promisify(execFile);
const SEEDED_STAMPS = 20_000;

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function passes(dataDir: string, ...args: string[]): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env: { ...process.env, PASSES_DATA_DIR: dataDir } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as Outcome;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

interface StatusRow {
  name: string;
  version: number;
  checkpoint: string | null;
  head: string | null;
  lag: number;
  state: string;
}

async function status(dataDir: string): Promise<StatusRow[]> {
  const outcome = await passes(dataDir, 'projections', 'status', '--json');
  expect(outcome.code).toBe(0);
  return JSON.parse(outcome.stdout) as StatusRow[];
}

async function liveGeneration(dataDir: string, collection: string): Promise<number | undefined> {
  const store = SqliteDocumentStore.open(path.join(dataDir, 'read-models.sqlite'));
  try {
    return (await store.collections()).find((state) => state.collection === collection)?.live?.generation;
  } finally {
    await store.close();
  }
}

let server: TestServer;
let business: TestBusiness;
let seeded: PassBody;

beforeAll(async () => {
  if (!fs.existsSync(path.resolve(__dirname, '../dist/main.js'))) throw new Error('services/cli is not built: run `npm run build` (npm test does)');
  server = await TestServer.start();
  business = await registerBusiness(server);
  seeded = await issuePass(server, business, { external_id: 'long-history' });
  await appendStamps(server.dataDir, business.businessId, seeded.id, 0, SEEDED_STAMPS, server.clock.now());
  // Written behind the server's back: its projector finds them by polling the file.
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const pass = await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/long-history`, { token: business.token });
    if (pass.body.stamps === SEEDED_STAMPS) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 60_000);
afterAll(() => server.stop());

describe('passes projections status', () => {
  it('shows each projection live, caught up with the head', async () => {
    const rows = await status(server.dataDir);
    expect(rows.map((row) => row.name).sort()).toEqual(['analytics', 'analytics_exports', 'api_keys', 'automation_runs', 'automation_stats', 'automations', 'business_usage', 'businesses', 'campaign_recipients', 'campaigns', 'milestones', 'passes', 'payments', 'templates', 'users', 'webhooks']);
    for (const row of rows) {
      const version = readModelProjections.find((projection) => projection.collection === row.name)?.version;
      expect(row).toMatchObject({ version, lag: 0, state: 'live', head: rows[0]?.head });
    }
  });
});

describe('passes projections rebuild', () => {
  it('rebuilds while the server answers a load: no request fails, no read goes backwards, and the result equals a fresh fold', async () => {
    const before = await liveGeneration(server.dataDir, 'passes');
    const failures: number[] = [];
    const backwards: string[] = [];
    let stop = false;
    // One pass per worker: contention on one pass is another matter than a rebuild.
    const worker = async () => {
      const base = `/businesses/${business.businessId}/passes/${(await issuePass(server, business)).id}`;
      let seen = 0;
      while (!stop) {
        const stamped = await server.request<PassBody>('POST', `${base}/stamp`, { token: business.token });
        const read = await server.request<PassBody>('GET', base, { token: business.token });
        for (const response of [stamped, read]) {
          if (response.status !== 200) failures.push(response.status);
          else if (response.body.stamps < seen) backwards.push(`${response.body.stamps} after ${seen}`);
          else seen = response.body.stamps;
        }
      }
    };
    const load = Promise.all([worker(), worker(), worker()]);

    const rebuilt = await passes(server.dataDir, 'projections', 'rebuild', 'passes');
    stop = true;
    await load;

    expect(rebuilt.code).toBe(0);
    expect(rebuilt.stdout).toMatch(/Rebuilt passes: [\d,]+ events replayed in [\d.]+ s \([\d,]+ events\/s\)/);
    expect(failures).toEqual([]);
    expect(backwards).toEqual([]);
    expect(await liveGeneration(server.dataDir, 'passes')).not.toBe(before);
    const audit = await passes(server.dataDir, 'audit', 'verify');
    expect(audit.stdout).toContain('the read model agrees with the events');
    expect(audit.code).toBe(0);
    const long = await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/long-history`, { token: business.token });
    expect(long.body.stamps).toBe(SEEDED_STAMPS);
  }, 60_000);

  it('rebuilds the analytics projection: the same answer to the query, and the audit agrees', async () => {
    // The server's clock is in November 2026: every event is in this year.
    const query = `/businesses/${business.businessId}/analytics?from=2026-01-01&to=2026-12-31&tz=Asia/Kathmandu`;
    const before = await server.request<{ totals: Record<string, number> }>('GET', query, { token: business.token });
    expect(before.status).toBe(200);
    expect(before.body.totals['stamps']).toBeGreaterThanOrEqual(SEEDED_STAMPS);
    const generation = await liveGeneration(server.dataDir, 'analytics');

    const rebuilt = await passes(server.dataDir, 'projections', 'rebuild', 'analytics');

    expect(rebuilt.code).toBe(0);
    expect(await liveGeneration(server.dataDir, 'analytics')).not.toBe(generation);
    expect((await server.request('GET', query, { token: business.token })).body).toEqual(before.body);
    const audit = await passes(server.dataDir, 'audit', 'verify');
    expect(audit.stdout).toMatch(/^analytics: [\d,]+ documents verified, the read model agrees with the events\.$/m);
  }, 60_000);

  it('refuses a rebuild of a projection that a running projector is already rebuilding', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-rebuild-refused-'));
    const store = SqliteDocumentStore.open(path.join(dataDir, 'read-models.sqlite'));
    try {
      // A projector in this (living) process holds the lease and builds a next generation of templates.
      await store.acquireLease(PROJECTOR_LEASE, `${os.hostname()}/${process.pid}/test`, new Date(), 60_000, () => false);
      await store.createGeneration({ collection: 'templates', version: 1, indexes: ['business'] }, 'next', new Date());
      const refused = await passes(dataDir, 'projections', 'rebuild', 'templates');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('A rebuild of templates is already under way');
    } finally {
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown projection with the usage exit code', async () => {
    const outcome = await passes(server.dataDir, 'projections', 'rebuild', 'nonsense');
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain("Unknown projection 'nonsense'");
  });

  it('killed midway with no server running, leaves the live generation serving; run again, it completes', async () => {
    await server.halt();
    try {
      const before = await liveGeneration(server.dataDir, 'passes');
      const child = spawn(process.execPath, [CLI, 'projections', 'rebuild', 'passes'], { env: { ...process.env, PASSES_DATA_DIR: server.dataDir }, stdio: 'ignore' });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // Killed as soon as the new generation exists, wherever its build has got to by then.
      const store = SqliteDocumentStore.open(path.join(server.dataDir, 'read-models.sqlite'));
      for (let attempt = 0; attempt < 500; attempt += 1) {
        const passesState = (await store.collections()).find((state) => state.collection === 'passes');
        if (passesState?.next != null || passesState?.live?.generation !== before) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      child.kill('SIGKILL');
      await exited;
      await store.close();

      const rerun = await passes(server.dataDir, 'projections', 'rebuild', 'passes');
      expect(rerun.code).toBe(0);
      expect((await status(server.dataDir)).find((row) => row.name === 'passes')).toMatchObject({ state: 'live', lag: 0 });
      expect((await passes(server.dataDir, 'audit', 'verify')).code).toBe(0);
    } finally {
      await server.resume();
    }
    const long = await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/long-history`, { token: business.token });
    expect(long.body.stamps).toBe(SEEDED_STAMPS);
  }, 60_000);
});

describe('passes audit verify', () => {
  it('finds a document altered behind the service’s back, names the field, and exits 1', async () => {
    const pass = await issuePass(server, business, { points: 5 });
    await server.halt();
    try {
      const db = new Database(path.join(server.dataDir, 'read-models.sqlite'));
      const generation = await liveGeneration(server.dataDir, 'passes');
      const table = `docs_passes_g${String(generation)}`;
      const row = db.prepare<[string], { doc: string }>(`SELECT doc FROM ${table} WHERE id = ?`).get(pass.id);
      db.prepare(`UPDATE ${table} SET doc = ? WHERE id = ?`).run(JSON.stringify({ ...JSON.parse(row?.doc ?? '{}'), points: 500 }), pass.id);
      db.close();

      const audit = await passes(server.dataDir, 'audit', 'verify', '--business', business.businessId);
      expect(audit.code).toBe(1);
      expect(audit.stdout).toContain(`passes ${pass.id}: points: read model 500, events 5`);
      expect(audit.stdout).toMatch(/^passes: [\d,]+ documents verified, 1 differ\.$/m);
    } finally {
      await server.resume();
    }
  });

  it('finds an analytics day whose counts were altered, and exits 1', async () => {
    const pass = await issuePass(server, business);
    await server.halt();
    try {
      const db = new Database(path.join(server.dataDir, 'read-models.sqlite'));
      const table = `docs_analytics_g${String(await liveGeneration(server.dataDir, 'analytics'))}`;
      const id = `day:${business.businessId}/live/${pass.created_at.slice(0, 10)}/${pass.template_id}`;
      const row = db.prepare<[string], { doc: string }>(`SELECT doc FROM ${table} WHERE id = ?`).get(id);
      db.prepare(`UPDATE ${table} SET doc = ? WHERE id = ?`).run(JSON.stringify({ ...JSON.parse(row?.doc ?? '{}'), templates: {} }), id);
      db.close();

      const audit = await passes(server.dataDir, 'audit', 'verify', '--business', business.businessId);
      expect(audit.code).toBe(1);
      expect(audit.stdout).toContain(`analytics ${id}: templates.${pass.template_id}: read model none, events {`);
      expect(audit.stdout).toMatch(/^analytics: [\d,]+ documents verified, 1 differ\.$/m);
    } finally {
      await server.resume();
    }
  });
});
