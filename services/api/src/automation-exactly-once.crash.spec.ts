/**
 * An automation fires exactly once per occurrence per pass (PROGRAMME §3), proved on the compiled server:
 * it is killed with SIGKILL while passes are issued and their runs go on, and comes back; then it stops,
 * the feed's checkpoints and the read models are thrown away, and it replays the whole feed and rebuilds
 * the read models. Every pass still has its one run, its one set of points and its
 * one email.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readOutbox } from '@passes/mailer';
import { call, compiledServerDirectory, startCompiledServer, type CompiledServer } from './testing/compiled-server';

const CLI = path.resolve(__dirname, '../../cli/bin/passes.js');
const { dataDir, running } = compiledServerDirectory('passes-automation-crash-');

type Server = CompiledServer;
const startServer = () => startCompiledServer(dataDir, running);

function stopped(child: ChildProcess): Promise<void> {
  return child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  // A killed process's items are taken back by the next one, and retried after their kind's delay.
  const deadline = Date.now() + 120_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type History = { data: { type: string; data: Record<string, unknown> }[] };

describe('an automation across a SIGKILL, a replay of the feed and a rebuild of the read models', () => {
  it('runs once per pass: one run, its points and its email each', async () => {
    const first = await startServer();
    const registered = await call<{ access_token: string; business: { id: string } }>('POST', `${first.baseUrl}/auth/register`, null, {
      business_name: 'Exactly Once Café',
      email: 'once@example.com',
      password: 'correct-horse-battery',
    });
    const token = registered.body.access_token;
    const businessId = registered.body.business.id;
    execFileSync(process.execPath, [CLI, 'admin', 'set-plan', businessId, 'pro'], { env: { ...process.env, PASSES_DATA_DIR: dataDir } });
    const business = (server: Server) => `${server.baseUrl}/businesses/${businessId}`;
    await until(async () => (await call<{ plan: string }>('GET', `${first.baseUrl}/businesses/me`, token)).body.plan === 'pro', 'the plan');
    const template = await call<{ id: string }>('POST', `${business(first)}/templates`, token, { name: 'Card' });
    const rule = await call<{ id: string }>('POST', `${business(first)}/automations`, token, {
      name: 'Welcome',
      trigger: { type: 'pass_issued' },
      actions: [
        { type: 'add_points', points: 10 },
        { type: 'send_email', subject: 'Welcome', body: 'Ten points to start with' },
      ],
    });
    expect(rule.status).toBe(201);

    // Passes issued one after another; the server is killed while their runs are under way.
    const issued: string[] = [];
    const issue = async (server: Server, index: number) => {
      const pass = await call<{ id: string }>('POST', `${business(server)}/passes`, token, { template_id: template.body.id, customer_email: `holder-${index}@example.com` });
      if (pass.status === 201) issued.push(pass.body.id);
    };
    for (let index = 0; index < 40; index++) await issue(first, index);
    first.child.kill('SIGKILL');
    await stopped(first.child);
    const restarted = await startServer();
    const allRan = async (server: Server) =>
      (await Promise.all(issued.map(async (id) => (await call<History>('GET', `${business(server)}/passes/${id}/events`, token)).body.data.some((event) => event.type === 'AutomationRan')))).every(Boolean);
    await until(() => allRan(restarted), 'a run on every pass');
    const expectOnce = async (server: Server) => {
      for (const id of issued) {
        const history = (await call<History>('GET', `${business(server)}/passes/${id}/events`, token)).body.data;
        expect(history.filter((event) => event.type === 'AutomationRan')).toHaveLength(1);
        expect(history.filter((event) => event.type === 'PointsAdjusted')).toHaveLength(1);
        expect((await call<{ points: number }>('GET', `${business(server)}/passes/${id}`, token)).body.points).toBe(10);
      }
      const emails = await readOutbox(path.join(dataDir, 'outbox'));
      for (let index = 0; index < 40; index++) expect(emails.filter((email) => email.to === `holder-${index}@example.com`).length).toBeLessThanOrEqual(1);
    };
    await expectOnce(restarted);
    await until(async () => (await readOutbox(path.join(dataDir, 'outbox'))).filter((email) => email.subject === 'Welcome').length === issued.length, 'every email');

    // The server stops; the feed's checkpoints and the read models are forgotten: the feed is followed again from
    // its start, recording every run and email once more under the ids they had, and the read models are rebuilt.
    restarted.child.kill('SIGTERM');
    await stopped(restarted.child);
    for (const name of ['checkpoints.sqlite', 'read-models.sqlite']) {
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.join(dataDir, `${name}${suffix}`), { force: true });
    }
    const replaying = await startServer();
    // A pass issued now runs only once the replayed feed before it has gone through the follower.
    await issue(replaying, 40);
    const last = issued.at(-1) ?? '';
    await until(async () => (await call<{ points: number }>('GET', `${business(replaying)}/passes/${last}`, token)).body.points === 10, 'the replay');
    await expectOnce(replaying);
    const runs = await call<{ data: unknown[] }>('GET', `${business(replaying)}/automations/${rule.body.id}/runs?limit=200`, token);
    expect(runs.body.data).toHaveLength(issued.length);
    const emails = await readOutbox(path.join(dataDir, 'outbox'));
    expect(emails.filter((email) => email.subject === 'Welcome')).toHaveLength(issued.length);
    replaying.child.kill('SIGTERM');
    await stopped(replaying.child);
  }, 240_000);
});
