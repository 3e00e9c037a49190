/**
 * SIGTERM under load: the compiled service stops accepting, answers every request it already has
 * (one whose body is still arriving included), closes its stores and exits 0; after a restart on the
 * same data directory every acknowledged write is there, exactly once. Its metrics listener, on a port
 * of its own, serves the metrics while it runs.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sampleOf } from './testing/prometheus-text';
import { ServiceProcess } from './testing/service-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-shutdown-'));
const env = { PORT: '0', HOST: '127.0.0.1', PASSES_DATA_DIR: dataDir, PASSES_RATE_LIMIT_PER_MINUTE: '1000000', PASSES_METRICS_PORT: '0' };
const processes: ServiceProcess[] = [];

afterAll(async () => {
  await Promise.all(processes.map((service) => service.kill('SIGKILL')));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startService(name: string): Promise<ServiceProcess> {
  const service = new ServiceProcess(name, 'api', env);
  processes.push(service);
  return service.start();
}

async function call<Body>(url: string, method: string, token: string | null, body?: unknown): Promise<{ status: number; body: Body }> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

/** A POST whose body arrives in two parts: the second is sent when `finish` is called. */
function slowPost(url: string, token: string, body: unknown): { finish: () => void; answer: Promise<{ status: number; body: string }> } {
  const bytes = Buffer.from(JSON.stringify(body));
  const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': bytes.length, authorization: `Bearer ${token}` } });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    request.on('error', reject);
  });
  const half = Math.floor(bytes.length / 2);
  request.write(bytes.subarray(0, half));
  return { finish: () => request.end(bytes.subarray(half)), answer };
}

describe('SIGTERM during a stream of writes', () => {
  it('answers the requests it has, exits 0, and every acknowledged write is there after a restart', async () => {
    const first = await startService('first');
    expect((await fetch(`${first.url.replace('/api/v1', '')}/metrics`)).status).toBe(404);

    const registered = await call<{ access_token: string; business: { id: string } }>(`${first.url}/auth/register`, 'POST', null, {
      business_name: 'Shutdown Café',
      email: 'shutdown@example.com',
      password: 'correct-horse-battery',
    });
    const token = registered.body.access_token;
    const businessUrl = `${first.url}/businesses/${registered.body.business.id}`;
    const template = await call<{ id: string }>(`${businessUrl}/templates`, 'POST', token, { name: 'Card' });

    // Each writer stamps a pass of its own: what is counted here is what the store must hold.
    const WRITERS = 6;
    const passes = await Promise.all(Array.from({ length: WRITERS }, () => call<{ id: string }>(`${businessUrl}/passes`, 'POST', token, { template_id: template.body.id })));
    const acknowledged = new Array<number>(WRITERS).fill(0);
    const answeredWithError: number[] = [];
    let stopping = false;
    const writer = async (worker: number) => {
      while (!stopping) {
        try {
          const stamped = await call(`${businessUrl}/passes/${passes[worker]?.body.id}/stamp`, 'POST', token);
          if (stamped.status === 200) acknowledged[worker] = (acknowledged[worker] ?? 0) + 1;
          else answeredWithError.push(stamped.status);
        } catch {
          return; // refused or reset before the server took the request: never acknowledged, never applied
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, worker) => writer(worker));
    while (acknowledged.reduce((sum, count) => sum + count, 0) < 60) await new Promise((resolve) => setTimeout(resolve, 10));

    const metrics = await (await fetch(first.metricsUrl)).text();
    expect(sampleOf(metrics, 'passes_event_store_append_duration_seconds_count', { outcome: 'appended' })).toBeGreaterThan(0);

    // A request whose body is still on its way when the signal comes must be answered all the same.
    const slow = slowPost(`${businessUrl}/passes`, token, { template_id: template.body.id, external_id: 'issued-during-shutdown' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = first.kill('SIGTERM');
    await first.logged('wallet pass service shutting down');
    slow.finish();
    const slowAnswer = await slow.answer;
    stopping = true;
    await Promise.all(writers);

    expect(await exited).toEqual({ code: 0, signal: null });
    expect(slowAnswer.status).toBe(201);
    expect(answeredWithError).toEqual([]);
    expect(first.problems()).toEqual([]);
    expect(first.logLines().some((line) => line.includes('"message":"wallet pass service stopped"'))).toBe(true);

    const second = await startService('second');
    const read = (identifier: string) => call<{ stamps: number }>(`${second.url}/businesses/${registered.body.business.id}/passes/${identifier}`, 'GET', token);
    const stamps = await Promise.all(passes.map(async (pass) => (await read(pass.body.id)).body.stamps));
    expect(stamps).toEqual(acknowledged);
    expect((await read('issued-during-shutdown')).status).toBe(200);
    expect(await second.kill('SIGTERM')).toEqual({ code: 0, signal: null });
  });
});
