/**
 * Analytics exports over real HTTP (PROGRAMME §4): Pro only; queued, made by the background-work
 * engine, downloaded as RFC 4180 CSV with formula cells neutralised (a daily one with the messages sent
 * among its counts); still made after a restart; removed by the sweep seven days after they are ready.
 */
import fs from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CapturedLog } from '../testing/captured-log';
import { until } from '../testing/eventually';
import { createApiKey, registerBusiness, renewToken, type TestBusiness } from '../testing/fixtures';
import { ManualClock } from '../testing/manual-clock';
import { TestServer } from '../testing/test-server';
import type { HistoryBody, PassBody } from '../testing/wire-types';

interface ExportBody {
  id: string;
  kind: string;
  status: string;
  rows: number | null;
  bytes: number | null;
  download_url: string | null;
  created_at: string;
  expires_at: string | null;
  error?: { code: string };
  feature?: string;
}

const APP_URL = 'https://passes.test';
const DAY = 86_400_000;

let server: TestServer, business: TestBusiness, free: TestBusiness, apiKey: string;
const log = new CapturedLog();
const passes: PassBody[] = [];
/** The passes a campaign messaged. */
const messaged: string[] = [];

const exportsPath = (b: TestBusiness) => `/businesses/${b.businessId}/analytics/exports`;
const requestExport = (body: Record<string, unknown>, b = business, key = apiKey) => server.request<ExportBody>('POST', exportsPath(b), { apiKey: key, body });
const exportOf = (id: string) => server.request<ExportBody>('GET', `${exportsPath(business)}/${id}`, { apiKey });

/** Reads the export until it is no longer queued or running. */
async function settled(id: string): Promise<ExportBody> {
  for (let tries = 0; tries < 400; tries++) {
    const answer = await exportOf(id);
    if (answer.status !== 200 || (answer.body.status !== 'queued' && answer.body.status !== 'running')) return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`export ${id} never settled`);
}

/** The CSV of a ready export, through its download_url. */
async function download(exported: ExportBody) {
  if (exported.download_url === null) throw new Error('no download_url');
  const url = exported.download_url.replace(`${APP_URL}/api/v1`, '');
  return server.request<string>('GET', url, { apiKey });
}

/** RFC 4180 records: fields split on commas outside quotes, `""` an escaped quote, CRLF between records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted && char === '"' && text[index + 1] === '"') {
      field += '"';
      index++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      record.push(field);
      field = '';
    } else if (!quoted && char === '\r' && text[index + 1] === '\n') {
      records.push([...record, field]);
      record = [];
      field = '';
      index++;
    } else {
      field += char;
    }
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

beforeAll(async () => {
  server = await TestServer.start(new ManualClock(new Date('2026-11-20T09:00:00.000Z')), { workPollIntervalMs: 20 }, { logger: log.logger });
  business = await registerBusiness(server, 'Corner Café');
  free = await registerBusiness(server, 'Free Café');
  await server.changePlan(business.businessId, 'pro');
  apiKey = (await createApiKey(server, business)).key;
  for (const customer_name of ['=HYPERLINK("https://evil.example")', '+44 20 7946 0000', '-1', '@SUM(A1)', 'Smith, "Jo"', 'Ada Lovelace']) {
    const issued = await server.request<PassBody>('POST', `/businesses/${business.businessId}/passes`, { apiKey, body: { template_id: business.templateId, customer_name, initial_balance: 5, points: 2 } });
    expect(issued.status).toBe(201);
    const pass = issued.body;
    passes.push(pass);
    server.clock.advance(3_600_000);
    // A campaign's message to some passes, before a command whose answer waits until the read models reflect it.
    if (passes.length % 2 === 0) {
      await server.sendMessage(business.businessId, pass.id, { header: 'Autumn', body: 'A free pastry with any coffee' }, { campaign_id: 'autumn' });
      messaged.push(pass.id);
    }
    await server.request('POST', `/businesses/${business.businessId}/passes/${pass.id}/stamp?count=2`, { apiKey });
  }
}, 60_000);
afterAll(() => server.stop());

describe('POST /businesses/{id}/analytics/exports', () => {
  it('is Pro only: Free gets the flat 402 naming analytics_export', async () => {
    await renewToken(server, free);
    const answer = await server.request<ExportBody>('POST', exportsPath(free), { token: free.token, body: { kind: 'daily' } });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ error: 'pro_feature', feature: 'analytics_export', plan: 'free' });
  });

  it.each([
    ['an unknown kind', { kind: 'weekly' }],
    ['from without to', { kind: 'events', from: '2026-11-01' }],
    ['an unknown zone', { kind: 'daily', tz: 'Mars/Olympus_Mons' }],
    ['more than 366 days', { kind: 'daily', from: '2025-01-01', to: '2026-11-20' }],
  ])('refuses %s (422)', async (_case, body) => {
    const answer = await requestExport(body);
    expect(answer.status).toBe(422);
  });

  it("refuses another business's template (404)", async () => {
    expect((await requestExport({ kind: 'passes', template_id: free.templateId })).status).toBe(404);
  });
});

describe('a passes export', () => {
  let exported: ExportBody;

  it('is queued (202), then made: ready with its rows, bytes, download_url and a 7-day expiry', async () => {
    const queued = await requestExport({ kind: 'passes' });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ id: expect.any(String), kind: 'passes', status: expect.stringMatching(/^(queued|running|ready)$/), created_at: '2026-11-20T15:00:00.000Z' });
    exported = await settled(queued.body.id);
    expect(exported).toMatchObject({ status: 'ready', rows: passes.length, download_url: `${APP_URL}/api/v1${exportsPath(business)}/${queued.body.id}/download` });
    expect(Date.parse(exported.expires_at ?? '') - Date.parse(exported.created_at)).toBe(7 * DAY);
  });

  it('a caller who leaves before the file is sent is no error of the server', async () => {
    const url = new URL(exported.download_url ?? '');
    const downloads = () => log.lines.filter((line) => line.includes('"route":"/api/v1/businesses/:business_id/analytics/exports/:export_id/download"')).length;
    const before = downloads();
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(new URL(server.rootUrl).port), '127.0.0.1', () => {
        socket.end(`GET ${url.pathname} HTTP/1.1\r\nHost: passes.test\r\nX-API-Key: ${apiKey}\r\n\r\n`, () => socket.destroy());
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    await until(async () => downloads() > before, 'the download to be logged');
    expect(log.lines.filter((line) => line.includes('"level":"error"'))).toEqual([]);
  });

  it('downloads as an RFC 4180 CSV attachment with a header row, CRLF records and quoted fields', async () => {
    const answer = await download(exported);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="analytics-passes-${exported.id}.csv"`);
    expect([answer.headers.get('cache-control'), answer.headers.get('x-content-type-options')]).toEqual(['no-store', 'nosniff']);
    expect(Buffer.byteLength(answer.body)).toBe(exported.bytes);
    const [header, ...rows] = parseCsv(answer.body);
    expect(header).toEqual([
      'id', 'serial_number', 'external_id', 'template_id', 'customer_name', 'customer_email', 'status', 'points', 'stamps', 'balance',
      'installed_apple', 'installed_google', 'rewards_available', 'rewards_redeemed', 'created_at', 'updated_at', 'last_activity_at',
    ]);
    expect(rows.map((row) => row[0]).sort()).toEqual(passes.map((pass) => pass.id).sort());
    const ada = rows.find((row) => row[4] === 'Ada Lovelace');
    expect(ada).toEqual([
      expect.any(String), expect.any(String), '', business.templateId, 'Ada Lovelace', '', 'active', '2', '2', '5.00',
      'false', '', '0', '0', expect.any(String), expect.any(String), expect.any(String),
    ]);
    expect(answer.body).toContain('"Smith, ""Jo"""');
    expect(answer.body.split('\r\n')).toHaveLength(passes.length + 2);
  });

  it('neutralises every cell a spreadsheet would read as a formula with a leading quote', async () => {
    const names = parseCsv((await download(exported)).body).map((row) => row[4]);
    expect(names).toEqual(expect.arrayContaining(["'=HYPERLINK(\"https://evil.example\")", "'+44 20 7946 0000", "'-1", "'@SUM(A1)"]));
  });

  it("is 404 to another business's credentials", async () => {
    await renewToken(server, free);
    expect((await server.request('GET', `${exportsPath(free)}/${exported.id}`, { token: free.token })).status).toBe(404);
  });
});

describe('daily and events exports', () => {
  it('daily: one row a day of the range, with the day fields, agreeing with the query', async () => {
    const queued = await requestExport({ kind: 'daily', from: '2026-11-19', to: '2026-11-21', tz: 'Europe/London' });
    const exported = await settled(queued.body.id);
    expect(exported).toMatchObject({ status: 'ready', rows: 3 });
    const [header, ...rows] = parseCsv((await download(exported)).body);
    const query = await server.request<{ days: Record<string, number | string>[] }>('GET', `/businesses/${business.businessId}/analytics?from=2026-11-19&to=2026-11-21&tz=Europe/London`, { apiKey });
    expect(rows).toEqual(query.body.days.map((day) => (header ?? []).map((column) => String(day[column]))));
    const messagesSent = (header ?? []).indexOf('messages_sent');
    expect(rows.reduce((sum, row) => sum + Number(row[messagesSent]), 0)).toBe(messaged.length);
  });

  it('events: one row an event of the business, with its data as JSON', async () => {
    const queued = await requestExport({ kind: 'events' });
    const exported = await settled(queued.body.id);
    const [header, ...rows] = parseCsv((await download(exported)).body);
    expect(header).toEqual(['position', 'stream', 'revision', 'type', 'created_at', 'pass_id', 'data']);
    let expected = 0;
    for (const pass of passes) {
      expected += (await server.request<HistoryBody>('GET', `/businesses/${business.businessId}/passes/${pass.id}/events`, { apiKey })).body.data.length;
    }
    expect(exported.rows).toBe(expected);
    expect(rows).toHaveLength(expected);
    const stamp = rows.find((row) => row[3] === 'PassStamped');
    expect(JSON.parse(stamp?.[6] ?? '')).toMatchObject({ count: 2, stamps: 2 });
  });
});

describe('the life of an export', () => {
  it('is made after a restart of the server that queued it', async () => {
    const queued = await requestExport({ kind: 'passes' });
    await server.restart();
    expect(await settled(queued.body.id)).toMatchObject({ status: 'ready', rows: passes.length });
  });

  it('is removed, file and all, by the sweep once its 7 days are over', async () => {
    const exported = await settled((await requestExport({ kind: 'daily' })).body.id);
    const file = path.join(server.dataDir, 'exports', `${exported.id}.csv`);
    expect(fs.existsSync(file)).toBe(true);
    server.clock.advance(7 * DAY + 2 * 3_600_000);
    for (let tries = 0; tries < 400 && (await exportOf(exported.id)).status === 200; tries++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect((await exportOf(exported.id)).status).toBe(404);
    expect(fs.existsSync(file)).toBe(false);
  });
});
