/** Webhook registration over real HTTP: the secret shown once, event names, SSRF refusals, ownership. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { startWithTwoBusinesses, type TestBusiness } from '../testing/fixtures';
import type { TestServer } from '../testing/test-server';
import type { ErrorBody } from '../testing/wire-types';

interface WebhookBody {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  status: string;
  secret?: string;
}

let server: TestServer, business: TestBusiness, other: TestBusiness;
beforeAll(async () => {
  ({ server, business, other } = await startWithTwoBusinesses());
  // Free allows one webhook (plans.e2e.spec.ts); these tests register several.
  await server.changePlan(business.businessId, 'pro');
});
afterAll(() => server.stop());

const webhooks = (b: TestBusiness) => `/businesses/${b.businessId}/webhooks`;
const register = (body: unknown, b = business) => server.request<WebhookBody & ErrorBody>('POST', webhooks(b), { token: b.token, body });

const ALL_EVENTS = ['pass.created', 'pass.updated', 'pass.redeemed', 'pass.voided', 'pass.scanned', 'pass.installed', 'pass.uninstalled', 'reward.earned', 'reward.redeemed', 'payment.succeeded', 'payment.refunded', 'campaign.sent'];

describe('registering a webhook', () => {
  it('answers 201 with the secret shown this once, subscribed to every event by default', async () => {
    const created = await register({ url: 'https://hooks.example.com/passes', description: 'Till sync' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: 'https://hooks.example.com/passes', events: ALL_EVENTS, description: 'Till sync', status: 'active' });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  });

  it('never shows the secret again, in the list or one by one', async () => {
    const created = await register({ url: 'https://hooks.example.com/one', events: ['pass.voided'] });
    const list = await server.request<{ data: WebhookBody[] }>('GET', webhooks(business), { token: business.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((webhook) => webhook.id)).toContain(created.body.id);
    expect(list.body.data.every((webhook) => !('secret' in webhook))).toBe(true);
    const one = await server.request<WebhookBody>('GET', `${webhooks(business)}/${created.body.id}`, { token: business.token });
    expect(one).toMatchObject({ status: 200, body: { id: created.body.id, events: ['pass.voided'] } });
    expect(one.body).not.toHaveProperty('secret');
  });

  it('keeps the secret only encrypted: no file in the data directory holds it', async () => {
    const created = await register({ url: 'https://hooks.example.com/secret' });
    const secretBytes = Buffer.from(created.body.secret ?? '', 'utf8');
    const key = Buffer.from((created.body.secret ?? '').slice('whsec_'.length), 'base64');
    for (const file of fs.readdirSync(server.dataDir)) {
      const content = fs.readFileSync(path.join(server.dataDir, file));
      expect(content.includes(secretBytes)).toBe(false);
      expect(content.includes(key)).toBe(false);
    }
  });

  it('deletes a webhook (204), after which it is not found', async () => {
    const created = await register({ url: 'https://hooks.example.com/gone' });
    const url = `${webhooks(business)}/${created.body.id}`;
    expect((await server.request('DELETE', url, { token: business.token })).status).toBe(204);
    expect((await server.request('GET', url, { token: business.token })).status).toBe(404);
    expect((await server.request('DELETE', url, { token: business.token })).status).toBe(404);
  });

  it.each([
    [{ url: 'https://hooks.example.com/', events: ['pass.exploded'] }, 'events.0'],
    [{ url: 'https://hooks.example.com/', events: [] }, 'events'],
    [{ url: 'https://hooks.example.com/', secret: 'mine' }, ''],
    [{ events: ['pass.created'] }, 'url'],
    [{ url: 'https://hooks.example.com/', description: 'x'.repeat(501) }, 'description'],
  ])('refuses the body %j with 422 on %s', async (body, detailPath) => {
    const response = await register(body);
    expect(response.status).toBe(422);
    expect(response.body.error.details?.[0]?.path).toBe(detailPath);
  });

  it.each(['https://127.0.0.1/hook\r\nX-Injected: 1', 'https://127.0.0.1/\u0000', 'https://127.0.0.1/a b'])(
    'refuses a URL with spaces or control characters, %j, before anything else of it',
    async (url) => {
      const response = await register({ url });
      expect(response.status).toBe(422);
      expect(response.body.error.details).toEqual([{ path: 'url', message: 'must not contain spaces or control characters' }]);
    },
  );

  it.each([
    'http://hooks.example.com/passes',
    'https://127.0.0.1/hook',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:0:127.0.0.1]/',
    'https://[64:ff9b::a9fe:a9fe]/',
    'https://[2002:a00:1::]/',
    'https://[::127.0.0.1]/',
    'https://10.0.0.7/hook',
    'https://192.168.1.20/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://[fc00::1]/hook',
    'https://[fe80::1]/hook',
    'https://localhost:8443/hook',
    'https://user:password@hooks.example.com/',
  ])('refuses %s with 422 on url', async (url) => {
    const response = await register({ url });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'validation_error', details: [{ path: 'url' }] });
  });
});

/** Names /etc/hosts maps to a loopback address, beside `localhost` (which is refused by name): `vm`, `runsc` here. */
function loopbackNamesOfEtcHosts(): string[] {
  const lines = fs.readFileSync('/etc/hosts', 'utf8').split('\n');
  const names = lines.flatMap((line) => {
    const [address, ...aliases] = line.replace(/#.*/, '').trim().split(/\s+/);
    return address && /^(127\.|::1$)/.test(address) ? aliases : [];
  });
  return names.filter((name) => name !== '' && !/(^|\.)localhost$/.test(name));
}

describe('a host name is resolved at registration', () => {
  it.each(loopbackNamesOfEtcHosts())('refuses %s, which /etc/hosts points at this machine, with 422 on url', async (name) => {
    const response = await register({ url: `https://${name}:8443/hook` });

    expect(response.status).toBe(422);
    expect(response.body.error.details).toEqual([{ path: 'url', message: `must not point to a loopback address (${name} resolves to one)` }]);
  });

  it.each([
    ['loopback.hooks.test', ['127.0.0.1'], 'loopback'],
    ['mixed.hooks.test', ['93.184.215.14', '10.1.2.3'], 'private'],
    ['mapped.hooks.test', ['::ffff:0:7f00:1'], 'loopback'],
    ['metadata.hooks.test', ['64:ff9b::a9fe:a9fe'], 'metadata'],
  ])('refuses %s when any address it resolves to (%j) is forbidden', async (name, addresses, kind) => {
    server.hosts.set(name, addresses);

    const response = await register({ url: `https://${name}/hook` });

    expect(response.status).toBe(422);
    expect(response.body.error.details).toEqual([{ path: 'url', message: `must not point to a ${kind} address (${name} resolves to one)` }]);
  });

  it('refuses a name that resolves to nothing', async () => {
    server.hosts.set('gone.hooks.test', []);

    const response = await register({ url: 'https://gone.hooks.test/hook' });

    expect(response.status).toBe(422);
    expect(response.body.error.details).toEqual([{ path: 'url', message: 'must name a host that resolves to an address (gone.hooks.test does not)' }]);
  });

  it('accepts a name whose every address is public', async () => {
    server.hosts.set('public.hooks.test', ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']);

    expect((await register({ url: 'https://public.hooks.test/hook' })).status).toBe(201);
  });
});

describe('webhooks belong to their business', () => {
  it('answers 401 without credentials and 403 on another business’s path', async () => {
    expect((await server.request('POST', webhooks(business), { body: { url: 'https://hooks.example.com/' } })).status).toBe(401);
    expect((await server.request('GET', webhooks(other), { token: business.token })).status).toBe(403);
  });

  it('answers 404 for another business’s webhook under one’s own path', async () => {
    const theirs = await register({ url: 'https://hooks.example.com/theirs' }, other);
    const path = `${webhooks(business)}/${theirs.body.id}`;
    expect((await server.request('GET', path, { token: business.token })).status).toBe(404);
    expect((await server.request('DELETE', path, { token: business.token })).status).toBe(404);
    expect((await server.request('GET', `${path}/deliveries`, { token: business.token })).status).toBe(404);
  });
});
