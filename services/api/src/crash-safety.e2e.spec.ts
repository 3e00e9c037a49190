/**
 * Nothing acknowledged is ever lost: the server is killed with SIGKILL in the middle of a stream of
 * writes, restarted on the same data directory, and every write it had answered with success is there;
 * and no Idempotency-Key a request held when it was killed stays locked after the restart.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { compiledServerDirectory, startCompiledServer } from './testing/compiled-server';

const CLI = path.resolve(__dirname, '../../cli/bin/passes.js');
const { dataDir, running } = compiledServerDirectory('passes-crash-');

const startServer = () => startCompiledServer(dataDir, running);

async function post<Body>(url: string, token: string | null, body?: unknown, idempotencyKey?: string): Promise<{ status: number; body: Body }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

/** More passes than the Free plan's 100: the operator moves the business to Pro while the server runs. */
async function upgradeToPro(baseUrl: string, businessId: string, token: string): Promise<void> {
  execFileSync(process.execPath, [CLI, 'admin', 'set-plan', businessId, 'pro'], { env: { ...process.env, PASSES_DATA_DIR: dataDir } });
  for (;;) {
    const me = (await (await fetch(`${baseUrl}/businesses/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { plan: string };
    if (me.plan === 'pro') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A business registered on the server, with a template and one pass. */
async function businessWithPass(baseUrl: string, email: string) {
  const registered = await post<{ access_token: string; business: { id: string } }>(`${baseUrl}/auth/register`, null, {
    business_name: 'Crash Test Café',
    email,
    password: 'correct-horse-battery',
  });
  const token = registered.body.access_token;
  const businessId = registered.body.business.id;
  const template = await post<{ id: string }>(`${baseUrl}/businesses/${businessId}/templates`, token, { name: 'Card' });
  const pass = await post<{ id: string }>(`${baseUrl}/businesses/${businessId}/passes`, token, { template_id: template.body.id });
  return { token, businessId, templateId: template.body.id, passId: pass.body.id };
}

describe('SIGKILL during a stream of writes', () => {
  it('finds every acknowledged pass and stamp after a restart', async () => {
    const first = await startServer();
    const { token, businessId, templateId, passId: stampTargetId } = await businessWithPass(first.baseUrl, 'crash@example.com');
    const passesUrl = `${first.baseUrl}/businesses/${businessId}/passes`;
    await upgradeToPro(first.baseUrl, businessId, token);

    const acknowledgedPasses: string[] = [];
    let acknowledgedStamps = 0;
    let killed = false;
    const writer = async (worker: number) => {
      for (let i = 0; !killed; i++) {
        try {
          if (i % 2 === 0) {
            const issued = await post<{ id: string }>(passesUrl, token, { template_id: templateId, external_id: `w${worker}-${i}` });
            if (issued.status === 201) acknowledgedPasses.push(issued.body.id);
          } else {
            const stamped = await post(`${passesUrl}/${stampTargetId}/stamp`, token);
            if (stamped.status === 200) acknowledgedStamps++;
          }
        } catch {
          return; // the connection died with the server: this write was never acknowledged
        }
      }
    };
    const writers = Array.from({ length: 6 }, (_, worker) => writer(worker));
    const deadline = Date.now() + 20_000;
    while (acknowledgedPasses.length < 150 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    first.child.kill('SIGKILL');
    killed = true;
    await Promise.all(writers);
    expect(acknowledgedPasses.length).toBeGreaterThanOrEqual(150);

    const second = await startServer();
    const readUrl = `${second.baseUrl}/businesses/${businessId}/passes`;
    const read = async (id: string) => fetch(`${readUrl}/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const statuses = await Promise.all(acknowledgedPasses.map(async (id) => (await read(id)).status));
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const stamped = (await (await read(stampTargetId)).json()) as { stamps: number };
    // A stamp in flight at the kill may have been stored without its answer arriving: at least, never fewer.
    expect(stamped.stamps).toBeGreaterThanOrEqual(acknowledgedStamps);
    second.child.kill('SIGTERM');
  });
});

describe('SIGKILL while requests with an Idempotency-Key run', () => {
  it('lets every key the kill cut off run again at once after the restart, never answering 409', async () => {
    const first = await startServer();
    const { token, businessId, passId } = await businessWithPass(first.baseUrl, 'keys@example.com');
    const stampPath = `/businesses/${businessId}/passes/${passId}/stamp`;

    // Stamps on one pass wait in line after their keys are claimed: at the kill, most in flight hold one.
    const cutOff: string[] = [];
    let acknowledged = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const key = randomUUID();
        try {
          if ((await post(`${first.baseUrl}${stampPath}`, token, undefined, key)).status === 200) acknowledged++;
        } catch {
          cutOff.push(key);
          return;
        }
      }
    };
    const writers = Array.from({ length: 16 }, () => writer());
    const deadline = Date.now() + 20_000;
    while (acknowledged < 100 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    first.child.kill('SIGKILL');
    killed = true;
    await Promise.all(writers);
    expect(cutOff.length).toBeGreaterThan(0);

    const second = await startServer();
    const retried = await Promise.all(cutOff.map(async (key) => ({ key, status: (await post(`${second.baseUrl}${stampPath}`, token, undefined, key)).status })));
    expect(retried).toEqual(cutOff.map((key) => ({ key, status: 200 })));
    second.child.kill('SIGTERM');
  });
});
