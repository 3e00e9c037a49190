/**
 * An operator restores `events.sqlite` from a copy taken earlier and starts the server on the data
 * directory as it is: read models, followers' checkpoints and background work of the later history. The
 * service answers from the restored history, and what is written afterwards is read and delivered.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { CapturedLog } from './testing/captured-log';
import { issuePass, registerBusiness, registerWebhook, type TestBusiness } from './testing/fixtures';
import { ManualClock } from './testing/manual-clock';
import { TestServer } from './testing/test-server';
import { WebhookReceiver } from './testing/webhook-receiver';

interface PassBody {
  id: string;
  stamps: number;
}

const STORE_FILES = ['events.sqlite', 'events.sqlite-wal'] as const;

let server: TestServer;
let business: TestBusiness;
let receiver: WebhookReceiver;
const log = new CapturedLog();
/** A pass of the restored history: one stamp before the copy, two after it. */
let kept = '';
/** Issued after the copy was taken. */
let lost = '';

const passPath = (id: string) => `/businesses/${business.businessId}/passes/${id}`;
const getPass = (id: string) => server.request<PassBody>('GET', passPath(id), { token: business.token });
const stamp = (id: string, count: number) => server.request<PassBody>('POST', `${passPath(id)}/stamp?count=${count}`, { token: business.token });

/** The event store's files as the stopped server left them (its log too, when one is left), into `to`. */
function copyStore(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const name of [...STORE_FILES, 'events.sqlite-shm']) fs.rmSync(path.join(to, name), { force: true });
  for (const name of STORE_FILES) if (fs.existsSync(path.join(from, name))) fs.copyFileSync(path.join(from, name), path.join(to, name));
}

beforeAll(async () => {
  receiver = await WebhookReceiver.start(() => 204);
  server = await TestServer.start(new ManualClock(), { webhookAllowPrivate: true, workPollIntervalMs: 20 }, { logger: log.logger });
  business = await registerBusiness(server);
  await registerWebhook(server, business, receiver.url, ['pass.created']);
  kept = (await issuePass(server, business)).id;
  expect((await stamp(kept, 1)).status).toBe(200);
  await receiver.waitFor(1);

  const backup = path.join(server.dataDir, 'backup');
  await server.halt();
  copyStore(server.dataDir, backup);
  await server.resume();
  lost = (await issuePass(server, business)).id;
  expect((await stamp(kept, 2)).body.stamps).toBe(3);
  await receiver.waitFor(2);
  await server.halt();

  copyStore(backup, server.dataDir);
  await server.resume();
});

afterAll(async () => {
  await server.stop();
  await receiver.close();
});

describe('a server started on an event store restored from an earlier copy', () => {
  it('answers a pass as the restored events have it', async () => {
    const pass = await getPass(kept);

    expect(pass.status).toBe(200);
    expect(pass.body.stamps).toBe(1);
  });

  it('knows no pass the restored events do not have', async () => {
    expect((await getPass(lost)).status).toBe(404);
  });

  it('reads back a pass issued after the restore, and delivers its webhook', async () => {
    const issued = await issuePass(server, business);

    expect((await getPass(issued.id)).status).toBe(200);
    const delivered = await receiver.waitFor(3);
    expect(delivered.map((delivery) => delivery.body.data.id)).toEqual([kept, lost, issued.id]);
  });

  it('counts a stamp on a restored pass from the restored history, and reads it back', async () => {
    const stamped = await stamp(kept, 1);

    expect(stamped.body.stamps).toBe(2);
    expect((await getPass(kept)).body.stamps).toBe(2);
  });

  it('says in its log that the read models were built again and each follower of the feed (no wallet is set up: none of wallets) moved back', () => {
    const warnings = log.records().filter((record) => record['level'] === 'warn');
    const messages = warnings.map((record) => String(record['message']));

    expect(messages.filter((message) => message.includes('restored from a backup'))).toHaveLength(3);
    expect(warnings.flatMap((record) => (typeof record['follower'] === 'string' ? [record['follower']] : [])).sort()).toEqual(['automations', 'webhook-dispatcher']);
  });
});
