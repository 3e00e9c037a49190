/**
 * A campaign resumes soon after the server is killed mid-send (PROGRAMME §2), proved on the compiled
 * server: the item the killed process held is taken back when the new one starts, rather than waited out
 * for its lease (a minute), and every pass of the audience holds exactly one message of the campaign.
 */
import { expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { call, compiledServerDirectory, startCompiledServer } from './testing/compiled-server';

const CLI = path.resolve(__dirname, '../../cli/bin/passes.js');
const { dataDir, running } = compiledServerDirectory('passes-campaign-crash-');
const PASSES = 6_000;

type Stats = { recipients: number; delivered: number; not_installed: number; quota_limited: number; failed: number };
type Campaign = { id: string; status: string; stats: Stats };

it('sends the rest of a campaign within seconds of a restart after SIGKILL, messaging each pass once', async () => {
  const first = await startCompiledServer(dataDir, running);
  const registered = await call<{ access_token: string; business: { id: string } }>('POST', `${first.baseUrl}/auth/register`, null, {
    business_name: 'Crash Test Café',
    email: 'campaigns@example.com',
    password: 'correct-horse-battery',
  });
  const token = registered.body.access_token;
  const business = `/businesses/${registered.body.business.id}`;
  execFileSync(process.execPath, [CLI, 'admin', 'set-plan', registered.body.business.id, 'pro'], { env: { ...process.env, PASSES_DATA_DIR: dataDir } });
  const template = await call<{ id: string }>('POST', `${first.baseUrl}${business}/templates`, token, { name: 'Card' });
  for (let page = 0; page < PASSES / 500; page++) {
    const passes = Array.from({ length: 500 }, (_, index) => ({ template_id: template.body.id, customer_email: `holder-${page}-${index}@example.com` }));
    expect((await call('POST', `${first.baseUrl}${business}/passes/bulk`, token, { passes })).status).toBe(200);
  }
  const created = await call<Campaign>('POST', `${first.baseUrl}${business}/campaigns`, token, { name: 'Friday', message: { header: 'Double stamps', body: 'This Friday only.' } });
  const campaign = `${business}/campaigns/${created.body.id}`;
  expect((await call('POST', `${first.baseUrl}${campaign}/send`, token)).status).toBe(202);

  // Killed once the first page is recorded, with most of the audience still to go.
  for (;;) {
    const { body } = await call<Campaign>('GET', `${first.baseUrl}${campaign}`, token);
    if (body.stats.recipients > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));

  const { baseUrl } = await startCompiledServer(dataDir, running);
  const restartedAt = Date.now();
  const left = await call<Campaign>('GET', `${baseUrl}${campaign}`, token);
  expect(left.body.status).toBe('sending');
  expect(left.body.stats.recipients).toBeLessThan(PASSES);
  let sent: Campaign | null = null;
  // Well inside the killed process's lease of a minute.
  while (sent === null && Date.now() - restartedAt < 20_000) {
    const { body } = await call<Campaign>('GET', `${baseUrl}${campaign}`, token);
    if (body.status === 'sent') sent = body;
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(sent?.stats).toEqual({ recipients: PASSES, delivered: 0, not_installed: PASSES, quota_limited: 0, failed: 0 });
  const messaged: string[] = [];
  let cursor = '';
  for (;;) {
    const page = await call<{ data: { pass_id: string }[]; has_more: boolean; next_cursor: string }>('GET', `${baseUrl}${campaign}/recipients?limit=200${cursor}`, token);
    messaged.push(...page.body.data.map((recipient) => recipient.pass_id));
    if (!page.body.has_more) break;
    cursor = `&cursor=${page.body.next_cursor}`;
  }
  expect(messaged).toHaveLength(PASSES);
  expect(new Set(messaged).size).toBe(PASSES);
});
