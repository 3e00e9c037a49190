/**
 * Analytics on the distributed profile (issue 36): the API, the projector and a webhook dispatcher as
 * processes over MongoDB read models and one `events.sqlite`. The query answers from the MongoDB
 * analytics documents and agrees with each pass's history in two zones; an export asked of the API is
 * made by the dispatcher's runner into the shared data directory and downloaded from the API.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeWithServers } from '@passes/testkit';
import { callAs, registerOwner, type ProcessOwner } from './testing/process-owner';
import { distributedTestEnv } from './testing/distributed-test-env';
import { ServiceProcess } from './testing/service-process';
import type { HistoryBody, PassBody } from './testing/wire-types';

interface Days {
  totals: Record<string, number>;
  days: ({ date: string } & Record<string, number>)[];
}

describeWithServers(['mongodb', 'kafka'], 'analytics on the distributed profile', (servers) => {
  const { env, dataDir } = distributedTestEnv('analytics', servers);
  const api = new ServiceProcess('api', 'api', env);
  const projector = new ServiceProcess('projector', 'projector', env);
  const dispatcher = new ServiceProcess('dispatcher', 'dispatcher', env);
  let owner: ProcessOwner;
  const call = <Body>(method: string, pathname: string, body?: unknown) => callAs<Body>(owner, api, method, pathname, body);
  const passIds: string[] = [];

  beforeAll(async () => {
    await projector.start();
    await Promise.all([api.start(), dispatcher.start()]);
    owner = await registerOwner(api, api, 'Distributed Café');
    const cli = path.resolve(__dirname, '../../cli/bin/passes.js');
    execFileSync(process.execPath, [cli, 'admin', 'set-plan', owner.businessId, 'pro'], { env: { ...process.env, ...env }, encoding: 'utf8' });
    for (let index = 0; index < 5; index += 1) {
      const issued = await call<PassBody>('POST', `/businesses/${owner.businessId}/passes`, { template_id: owner.templateId, initial_balance: 10 });
      expect(issued.status).toBe(201);
      passIds.push(issued.body.id);
      await call('POST', `/businesses/${owner.businessId}/passes/${issued.body.id}/stamp?count=${index + 1}`);
      await call('POST', `/businesses/${owner.businessId}/passes/${issued.body.id}/charge?amount=1.25`);
      if (index % 2 === 0) await call('DELETE', `/businesses/${owner.businessId}/passes/${issued.body.id}`);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all([api, projector, dispatcher].map((running) => running.kill('SIGTERM')));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(['UTC', 'Asia/Kathmandu'])('answers from the MongoDB read models, agreeing with every pass’s history (%s)', async (zone) => {
    const today = new Date();
    const from = new Date(today.getTime() - 86_400_000).toISOString().slice(0, 10);
    const to = new Date(today.getTime() + 86_400_000).toISOString().slice(0, 10);
    const answer = await call<Days>('GET', `/businesses/${owner.businessId}/analytics?from=${from}&to=${to}&tz=${encodeURIComponent(zone)}`);
    expect(answer.status).toBe(200);
    const dateOf = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    const expected = new Map<string, { passes_issued: number; passes_voided: number; stamps: number; charges: number; charged_amount: number }>();
    for (const id of passIds) {
      const history = await call<HistoryBody>('GET', `/businesses/${owner.businessId}/passes/${id}/events`);
      for (const { type, data } of history.body.data) {
        const date = dateOf.format(new Date(String(data['occurred_at'])));
        const day = expected.get(date) ?? { passes_issued: 0, passes_voided: 0, stamps: 0, charges: 0, charged_amount: 0 };
        expected.set(date, day);
        if (type === 'PassIssued') day.passes_issued += 1;
        if (type === 'PassVoided') day.passes_voided += 1;
        if (type === 'PassStamped') day.stamps += Number(data['count']);
        if (type === 'BalanceCharged') {
          day.charges += 1;
          day.charged_amount += Number(data['amount_minor']);
        }
      }
    }
    for (const day of answer.body.days) {
      expect(day).toMatchObject({ date: day.date, ...(expected.get(day.date) ?? { passes_issued: 0, passes_voided: 0, stamps: 0, charges: 0, charged_amount: 0 }) });
    }
    expect(answer.body.totals).toMatchObject({ passes_issued: 5, passes_voided: 3, stamps: 15, charges: 5, charged_amount: 625, active_passes: 2 });
  });

  it('exports on the dispatcher’s runner into the shared data directory, and the API serves the file', async () => {
    const queued = await call<{ id: string }>('POST', `/businesses/${owner.businessId}/analytics/exports`, { kind: 'passes' });
    expect(queued.status).toBe(202);
    let exported: { status: string; rows: number | null } = { status: 'queued', rows: null };
    for (let tries = 0; tries < 600 && exported.status !== 'ready' && exported.status !== 'failed'; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      exported = (await call<{ status: string; rows: number | null }>('GET', `/businesses/${owner.businessId}/analytics/exports/${queued.body.id}`)).body;
    }
    expect(exported).toMatchObject({ status: 'ready', rows: 5 });
    const download = await fetch(`${api.url}/businesses/${owner.businessId}/analytics/exports/${queued.body.id}/download`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await download.text()).split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(6);
    expect(lines.slice(1).map((line) => line.split(',')[0]).sort()).toEqual([...passIds].sort());
  }, 60_000);
});
