/**
 * Online payments in the distributed profile (PROGRAMME §5), as separate processes on loopback: payments
 * read from the MongoDB-wire server's read models, Stripe's notices posted to either API process credit
 * the pass once between them, and the payments list on the other shows it, newest first a page at a time by
 * the store's cursor. Stripe is stripe-mock.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeWithServers } from '@passes/testkit';
import { callAs, registerOwner, type ProcessOwner } from './testing/process-owner';
import { distributedTestEnv } from './testing/distributed-test-env';
import { ServiceProcess, type ServiceKind } from './testing/service-process';
import { signedEvent, startStripeMock, WEBHOOK_SECRET, type StripeStandIn } from './testing/stripe-stand-in';
import type { PassBody } from './testing/wire-types';

describeWithServers(['mongodb', 'kafka'], 'online payments in the distributed profile', (servers) => {
  let stripe: StripeStandIn;
  const { env, dataDir } = distributedTestEnv('payments', servers, { PASSES_STRIPE_SECRET_KEY: 'sk_test_123', PASSES_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  const processes: ServiceProcess[] = [];
  const service = (name: string, kind: ServiceKind) => {
    const created = new ServiceProcess(name, kind, env);
    processes.push(created);
    return created;
  };
  const api1 = service('api-1', 'api');
  const api2 = service('api-2', 'api');
  const projector = service('projector', 'projector');
  const relay = service('relay', 'relay');
  const dispatcher = service('dispatcher', 'dispatcher');
  let owner: ProcessOwner;
  const call = <Body>(api: ServiceProcess, method: string, pathname: string, body?: unknown) => callAs<Body>(owner, api, method, pathname, body);

  beforeAll(async () => {
    stripe = await startStripeMock();
    env['PASSES_STRIPE_API_URL'] = stripe.settings.apiUrl.toString();
    await projector.start();
    await Promise.all([api1.start(), api2.start(), relay.start(), dispatcher.start()]);
    owner = await registerOwner(api1, api2, 'Payments Café');
    const cli = path.resolve(__dirname, '../../cli/bin/passes.js');
    execFileSync(process.execPath, [cli, 'admin', 'set-plan', owner.businessId, 'pro'], { env: { ...process.env, ...env }, encoding: 'utf8' });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((running) => running.kill('SIGTERM')));
    await stripe?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  let accountId = '';
  const notify = async (api: ServiceProcess, type: string, object: Record<string, unknown>) => {
    const { body, signature } = signedEvent(type, object, new Date(), { account: accountId });
    const answer = await fetch(`${api.url}/payments/stripe/events`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });
    return answer.status;
  };

  it('credits a pass once for a notice posted to both API processes, and lists the payment on MongoDB', async () => {
    const business = `/businesses/${owner.businessId}`;
    const account = await call<{ account_id: string }>(api1, 'POST', `${business}/payments/account`);
    expect(account.status).toBe(200);
    accountId = account.body.account_id;
    const enabled = { id: account.body.account_id, object: 'account', charges_enabled: true, metadata: { business_id: owner.businessId } };
    expect(await notify(api2, 'account.updated', enabled)).toBe(200);
    const pass = await call<PassBody>(api1, 'POST', `${business}/passes`, { template_id: owner.templateId, initial_balance: 1 });
    const link = await call<{ id: string }>(api2, 'POST', `${business}/passes/${pass.body.id}/payment-links`, { amount: 10 });
    expect(link.status).toBe(201);
    const session = {
      id: stripe.sessions.at(-1),
      object: 'checkout.session',
      payment_status: 'paid',
      payment_intent: 'pi_distributed',
      amount_total: 1000,
      expires_at: 1_900_000_000,
      metadata: { payment_id: link.body.id, pass_id: pass.body.id, business_id: owner.businessId },
    };
    const statuses = await Promise.all([notify(api1, 'checkout.session.completed', session), notify(api2, 'checkout.session.completed', session)]);
    expect(statuses).toEqual([200, 200]);
    let payments = await call<{ data: { id: string; status: string; net: number }[] }>(api1, 'GET', `${business}/payments`);
    while (payments.body.data[0]?.status !== 'succeeded') payments = await call(api1, 'GET', `${business}/payments`);
    expect(payments.body.data).toEqual([expect.objectContaining({ id: link.body.id, status: 'succeeded', net: 9.7 })]);
    expect((await call<PassBody>(api2, 'GET', `${business}/passes/${pass.body.id}`)).body.balance).toBe(11);
  });

  it("pages the payments list, and a pass's payments, newest first from MongoDB by the store's cursor", async () => {
    const business = `/businesses/${owner.businessId}`;
    const other = await call<PassBody>(api1, 'POST', `${business}/passes`, { template_id: owner.templateId, initial_balance: 0 });
    const started: string[] = [];
    for (const amount of [2, 3, 4]) {
      const link = await call<{ id: string }>(api1, 'POST', `${business}/passes/${other.body.id}/payment-links`, { amount });
      expect(link.status).toBe(201);
      started.push(link.body.id);
    }
    type Page = { data: { id: string }[]; has_more: boolean; next_cursor: string | null };
    const walk = async (query: string) => {
      const pages: string[][] = [];
      let cursor: string | null = null;
      do {
        const answer: { status: number; body: Page } = await call<Page>(api2, 'GET', `${business}/payments?${query}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
        expect(answer.status).toBe(200);
        pages.push(answer.body.data.map((payment) => payment.id));
        cursor = answer.body.next_cursor;
      } while (cursor !== null);
      return pages;
    };
    let byPass = await walk(`pass_id=${other.body.id}&limit=2`);
    // The other API process reads what the projector wrote: it may not hold them all yet.
    while (byPass.flat().length < started.length) byPass = await walk(`pass_id=${other.body.id}&limit=2`);
    const newestFirst = [...started].reverse();
    expect(byPass).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2)]);
    const all = await walk('limit=1');
    expect(all.length).toBe(4);
    expect(all.flat().slice(0, 3)).toEqual(newestFirst);
    expect((await call(api2, 'GET', `${business}/payments?cursor=!!!`)).status).toBe(422);
    // A cursor as oldest-first pages give them is no cursor of this list.
    expect((await call(api2, 'GET', `${business}/payments?cursor=${Buffer.from('4').toString('base64url')}`)).status).toBe(422);
  });
});
