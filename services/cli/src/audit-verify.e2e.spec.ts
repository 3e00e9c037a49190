/**
 * `passes audit verify` on every read model: a store built through the running embedded server (passes,
 * a milestone, a sent campaign and its recipients), verified by the compiled CLI while the server runs,
 * also while passes are stamped and issued, then documents of the programme's read models altered behind
 * the service's back through the SQLite read store's own API.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readModelProjections, SqliteDocumentStore } from '@passes/read-model';
import { issuePass, registerBusiness, type TestBusiness } from '../../api/src/testing/fixtures';
import { TestServer } from '../../api/src/testing/test-server';
import { runPasses, type CliOutcome } from './testing/run-passes';


let server: TestServer;
let business: TestBusiness;
let milestoneId: string;
let campaignId: string;
let passIds: string[];

function passes(...args: string[]): Promise<CliOutcome> {
  return runPasses({ PASSES_DATA_DIR: server.dataDir }, args);
}

const storedObject = z.record(z.string(), z.unknown());

/**
 * Changes one document of a collection's live generation as a projector would write it (a newer revision,
 * its keys, the checkpoint where it was), the server halted meanwhile; `change` gives null to remove it.
 */
async function alter(collection: string, id: string, change: (doc: Record<string, unknown>) => Record<string, unknown> | null): Promise<void> {
  const projection = readModelProjections.find((candidate) => candidate.collection === collection);
  await server.halt();
  const store = SqliteDocumentStore.open(path.join(server.dataDir, 'read-models.sqlite'));
  try {
    const live = (await store.collections()).find((state) => state.collection === collection)?.live;
    if (projection === undefined || live?.checkpoint == null) throw new Error(`${collection} has no live generation with events`);
    const target = { collection, generation: live.generation };
    const stored = (await store.load(target, [id])).get(id);
    if (stored === undefined) throw new Error(`${collection} holds no ${id}`);
    const doc = change(storedObject.parse(stored.doc));
    await store.commit([{ target, writes: [{ id, revision: stored.revision + 1, doc, keys: doc === null ? {} : projection.keys(doc), isNew: false }] }], live.checkpoint);
  } finally {
    await store.close();
    await server.resume();
  }
}

async function untilSent(id: string): Promise<void> {
  for (;;) {
    const answer = await server.request<{ status: string }>('GET', `/businesses/${business.businessId}/campaigns/${id}`, { token: business.token });
    if (answer.body.status === 'sent') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  if (!fs.existsSync(path.resolve(__dirname, '../dist/main.js'))) throw new Error('services/cli is not built: run `npm run build` (npm test does)');
  server = await TestServer.start();
  business = await registerBusiness(server);
  // Pro: the passes issued while an audit runs are as many as the machine makes meanwhile, past Free's hundred.
  await server.changePlan(business.businessId, 'pro');
  const milestone = await server.request<{ id: string }>('POST', `/businesses/${business.businessId}/milestones`, {
    token: business.token,
    body: { template_id: business.templateId, name: 'Two visits', metric: 'stamps', threshold: 2, reward: { title: 'A free coffee' } },
  });
  milestoneId = milestone.body.id;
  passIds = [(await issuePass(server, business)).id, (await issuePass(server, business)).id];
  await server.request('POST', `/businesses/${business.businessId}/passes/${passIds[0] ?? ''}/stamp?count=2`, { token: business.token });
  const campaign = await server.request<{ id: string }>('POST', `/businesses/${business.businessId}/campaigns`, {
    token: business.token,
    body: { name: 'Double stamps', message: { header: 'Double stamps', body: 'Every stamp counts twice this Friday.' } },
  });
  campaignId = campaign.body.id;
  await server.request('POST', `/businesses/${business.businessId}/campaigns/${campaignId}/send`, { token: business.token });
  await untilSent(campaignId);
}, 30_000);
afterAll(() => server.stop());

describe('passes audit verify', () => {
  it('given a store built through the service, verifies every read model while the server runs, and exits 0', async () => {
    const audit = await passes('audit', 'verify');

    expect(audit.code).toBe(0);
    for (const { collection } of readModelProjections) {
      expect(audit.stdout).toMatch(new RegExp(`^${collection}: [\\d,]+ documents verified, the read model agrees with the events\\.$`, 'm'));
    }
    expect(audit.stdout).toMatch(/^milestones: 1 documents verified/m);
    expect(audit.stdout).toMatch(/^campaign_recipients: 2 documents verified/m);
    expect(audit.stdout).toContain('Every read model agrees with the events.');
  }, 30_000);

  it('given passes stamped and issued while it runs, finds nothing that differs, and exits 0', async () => {
    let stop = false;
    const worker = async () => {
      while (!stop) {
        await server.request('POST', `/businesses/${business.businessId}/passes/${passIds[1] ?? ''}/stamp`, { token: business.token });
        await issuePass(server, business);
      }
    };
    const load = Promise.all([worker(), worker(), worker()]);

    const audit = await passes('audit', 'verify');
    stop = true;
    await load;

    expect(audit.stdout).toContain('Every read model agrees with the events.');
    expect(audit.code).toBe(0);
  }, 60_000);

  it('given a milestone whose threshold was altered in the read store, names the read model, id and field, and exits 1', async () => {
    await alter('milestones', milestoneId, (doc) => ({ ...doc, threshold: 7 }));

    const audit = await passes('audit', 'verify', '--business', business.businessId);

    expect(audit.code).toBe(1);
    expect(audit.stdout.split('\n').filter((line) => line.startsWith(`milestones ${milestoneId}:`))).toEqual([`milestones ${milestoneId}: threshold: read model 7, events 2`]);
    expect(audit.stdout).toMatch(/^milestones: 1 documents verified, 1 differ\.$/m);
    expect(audit.stdout).toMatch(/^campaigns: 1 documents verified, the read model agrees with the events\.$/m);
    expect(audit.stdout).toContain('1 documents differ from the events; 0 read models not verified.');
    await alter('milestones', milestoneId, (doc) => ({ ...doc, threshold: 2 }));
  }, 30_000);

  it('given a campaign recipient removed from the read store, reports it missing, and exits 1', async () => {
    const id = `${campaignId}/${passIds[1] ?? ''}`;
    await alter('campaign_recipients', id, () => null);

    const audit = await passes('audit', 'verify');

    expect(audit.code).toBe(1);
    expect(audit.stdout).toContain(`campaign_recipients ${id}: missing from the read model (the events make it)`);
    expect(audit.stdout).toMatch(/^campaign_recipients: 2 documents verified, 1 differ\.$/m);
    expect(audit.stdout).toMatch(/^milestones: 1 documents verified, the read model agrees with the events\.$/m);
  }, 30_000);
});
