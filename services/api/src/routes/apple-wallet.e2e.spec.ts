/**
 * Apple Wallet end to end, on the real embedded stack: a downloaded .pkpass opened and verified with
 * openssl against the test CA; the PassKit web service as a wallet uses it (register, list, fetch,
 * unregister) with the webhooks it causes; pushes to a local HTTP/2 APNs stand-in when a registered
 * pass changes; a 410 from APNs forgetting the device. Nothing but 127.0.0.1 is contacted.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { unpackPkpass, TEST_PASS_TYPE_ID, TEST_TEAM_ID } from '@passes/testkit';
import { issuePass, registerBusiness, registerWebhook, type TestBusiness } from '../testing/fixtures';
import { startWalletTestBed, type WalletTestBed } from '../testing/wallet-server';
import { WebhookReceiver } from '../testing/webhook-receiver';
import type { PassBody } from '../testing/wire-types';

const APP_URL = 'https://passes.test';
const DEVICE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const OTHER_DEVICE = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const PUSH_TOKEN = 'ab'.repeat(32);
const OTHER_PUSH_TOKEN = 'cd'.repeat(32);

let bed: WalletTestBed, business: TestBusiness, receiver: WebhookReceiver;
beforeAll(async () => {
  bed = await startWalletTestBed();
  business = await registerBusiness(bed.server, 'Corner Café');
  receiver = await WebhookReceiver.start();
  await registerWebhook(bed.server, business, receiver.url, ['pass.installed', 'pass.uninstalled']);
});
afterAll(async () => {
  await receiver?.close();
  await bed?.stop();
});

/** A link the service wrote for `{app_url}`, followed on the test's own server. */
const local = (url: string) => url.replace(APP_URL, bed.server.rootUrl);
const webService = (path: string, init: RequestInit = {}) => fetch(`${bed.server.rootUrl}/wallet/apple${path}`, init);
const registrationPath = (serialNumber: string, device = DEVICE) => `/v1/devices/${device}/registrations/${TEST_PASS_TYPE_ID}/${serialNumber}`;
const applePass = (token: string) => ({ authorization: `ApplePass ${token}` });

async function download(pass: PassBody) {
  const response = await fetch(local(pass.apple_wallet_url ?? ''));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
  return unpackPkpass(new Uint8Array(await response.arrayBuffer()));
}

/** The authenticationToken a wallet reads from the pass it was given. */
async function authenticationTokenOf(pass: PassBody): Promise<string> {
  const unpacked = await download(pass);
  unpacked.remove();
  return String(unpacked.passJson['authenticationToken']);
}

async function register(pass: PassBody, token: string, device = DEVICE, pushToken = PUSH_TOKEN): Promise<number> {
  const response = await webService(registrationPath(pass.serial_number, device), {
    method: 'POST',
    headers: { ...applePass(token), 'content-type': 'application/json' },
    body: JSON.stringify({ pushToken }),
  });
  return response.status;
}

const stamp = (pass: PassBody) => bed.server.request('POST', `/businesses/${business.businessId}/passes/${pass.id}/stamp?count=1`, { token: business.token });

describe('a downloaded .pkpass', () => {
  it('has every file in its manifest with the right SHA-1, and a signature openssl verifies against the test CA', async () => {
    const pass = await issuePass(bed.server, business, { customer_name: 'Ada Lovelace', initial_balance: 12.5, points: 40 });
    const unpacked = await download(pass);
    try {
      expect(unpacked.files).toEqual(expect.arrayContaining(['pass.json', 'manifest.json', 'signature', 'icon.png', 'logo.png']));
      expect(unpacked.digestProblems()).toEqual([]);
      expect(unpacked.signatureVerifies(bed.credentials)).toBe(true);
    } finally {
      unpacked.remove();
    }
  });

  it('is a store card of this pass: identifiers, web service, business, template, figures, holder and barcode', async () => {
    const pass = await issuePass(bed.server, business, { customer_name: 'Ada Lovelace', initial_balance: 12.5, points: 40 });
    const unpacked = await download(pass);
    unpacked.remove();
    const json = unpacked.passJson;
    expect(json).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: TEST_PASS_TYPE_ID,
      teamIdentifier: TEST_TEAM_ID,
      serialNumber: pass.serial_number,
      webServiceURL: `${APP_URL}/wallet/apple`,
      organizationName: 'Corner Café',
      description: 'Coffee card',
      voided: false,
      barcodes: [{ format: 'PKBarcodeFormatQR', message: pass.barcode.message, messageEncoding: 'iso-8859-1', altText: pass.serial_number }],
    });
    expect(String(json['authenticationToken']).length).toBeGreaterThanOrEqual(16);
    expect(JSON.stringify(pass)).not.toContain(String(json['authenticationToken']));
    const storeCard = json['storeCard'] as Record<string, { key: string; value: unknown }[]>;
    const value = (key: string) => Object.values(storeCard).flat().find((field) => field.key === key)?.value;
    expect([value('pass_holder'), value('pass_points'), value('pass_stamps'), value('pass_balance')]).toEqual(['Ada Lovelace', 40, 0, '12.50']);
    expect(json['nfc']).toBeUndefined();
  });
});

describe('a serial number alone', () => {
  it('downloads nothing: not the old link, not a wrong secret, not another pass’s secret', async () => {
    const pass = await issuePass(bed.server, business, { customer_name: 'Grace Hopper' });
    const other = await issuePass(bed.server, business);
    const otherSecret = other.download_url.split('/').at(-1) ?? '';
    const attempts = [
      `/passes/${pass.serial_number}`,
      `/passes/${pass.serial_number}/pass.pkpass`,
      `/passes/${pass.serial_number}/${'A'.repeat(43)}`,
      `/passes/${pass.serial_number}/${otherSecret}`,
      `/passes/${pass.serial_number}/${otherSecret}/pass.pkpass`,
      `/passes/PS-0000-0000-0000/${otherSecret}`,
    ];
    for (const path of attempts) {
      const response = await fetch(`${bed.server.rootUrl}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(await response.text()).not.toContain('Grace Hopper');
    }
    expect((await fetch(local(pass.download_url))).status).toBe(200);
  });
});

describe('the PassKit web service', () => {
  it('registers (201, then 200), lists, serves with and without If-Modified-Since, and unregisters, with both webhooks', async () => {
    const pass = await issuePass(bed.server, business);
    const token = await authenticationTokenOf(pass);
    expect(await register(pass, token)).toBe(201);
    expect(await register(pass, token)).toBe(200);

    const listed = await webService(`/v1/devices/${DEVICE}/registrations/${TEST_PASS_TYPE_ID}`);
    expect(listed.status).toBe(200);
    const serials = (await listed.json()) as { serialNumbers: string[]; lastUpdated: string };
    expect(serials.serialNumbers).toEqual([pass.serial_number]);
    const nothingSince = await webService(`/v1/devices/${DEVICE}/registrations/${TEST_PASS_TYPE_ID}?passesUpdatedSince=${serials.lastUpdated}`);
    expect(nothingSince.status).toBe(204);

    const latest = await webService(`/v1/passes/${TEST_PASS_TYPE_ID}/${pass.serial_number}`, { headers: applePass(token) });
    expect(latest.status).toBe(200);
    expect(latest.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    const lastModified = latest.headers.get('last-modified') ?? '';
    expect(Date.parse(lastModified)).toBe(Math.floor(Date.parse(pass.updated_at) / 1000) * 1000);
    const unchanged = await webService(`/v1/passes/${TEST_PASS_TYPE_ID}/${pass.serial_number}`, { headers: { ...applePass(token), 'if-modified-since': lastModified } });
    expect(unchanged.status).toBe(304);

    const unregistered = await webService(registrationPath(pass.serial_number), { method: 'DELETE', headers: applePass(token) });
    expect(unregistered.status).toBe(200);
    expect((await webService(`/v1/devices/${DEVICE}/registrations/${TEST_PASS_TYPE_ID}`)).status).toBe(204);

    const deliveries = (await receiver.waitFor(2)).filter((delivery) => delivery.body.data.id === pass.id);
    expect(deliveries.map((delivery) => delivery.body.event)).toEqual(['pass.installed', 'pass.uninstalled']);
    const history = await bed.server.request<{ data: { type: string; data: Record<string, unknown> }[] }>('GET', `/businesses/${business.businessId}/passes/${pass.id}/events`, { token: business.token });
    expect(history.body.data.filter((event) => event.type !== 'PassIssued')).toEqual([
      expect.objectContaining({ type: 'PassInstalled', data: expect.objectContaining({ device_library_identifier: DEVICE, push_token: PUSH_TOKEN }) }),
      expect.objectContaining({ type: 'PassUninstalled', data: expect.objectContaining({ device_library_identifier: DEVICE, reason: 'unregistered' }) }),
    ]);
  });

  it('refuses a missing or wrong token with 401, the same for a serial number that does not exist', async () => {
    const pass = await issuePass(bed.server, business);
    const token = await authenticationTokenOf(pass);
    const other = await issuePass(bed.server, business);
    const otherToken = await authenticationTokenOf(other);
    const fetchPass = (serial: string, headers: Record<string, string>) => webService(`/v1/passes/${TEST_PASS_TYPE_ID}/${serial}`, { headers });
    expect((await fetchPass(pass.serial_number, {})).status).toBe(401);
    expect((await fetchPass(pass.serial_number, applePass(otherToken))).status).toBe(401);
    expect((await fetchPass(pass.serial_number, { authorization: `Bearer ${token}` })).status).toBe(401);
    expect((await fetchPass('PS-0000-0000-0000', applePass(token))).status).toBe(401);
    expect(await register(pass, otherToken)).toBe(401);
    expect((await webService(`/v1/passes/pass.other.type/${pass.serial_number}`, { headers: applePass(token) })).status).toBe(404);
  });

  it('logs what devices report, and refuses a log that is not one', async () => {
    const logged = await webService('/v1/log', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ logs: ['Web service error for pass.test: 401'] }) });
    expect(logged.status).toBe(200);
    const malformed = await webService('/v1/log', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ logs: 'x' }) });
    expect(malformed.status).toBe(422);
  });
});

describe('pushes through APNs', () => {
  it('a stamp on a registered pass pushes every device of it, and the list names the pass as updated', async () => {
    const pass = await issuePass(bed.server, business);
    const token = await authenticationTokenOf(pass);
    await register(pass, token, DEVICE, PUSH_TOKEN);
    await register(pass, token, OTHER_DEVICE, OTHER_PUSH_TOKEN);
    const before = (await (await webService(`/v1/devices/${DEVICE}/registrations/${TEST_PASS_TYPE_ID}`)).json()) as { lastUpdated: string };
    const pushed = bed.apns.received.length;

    bed.server.clock.advance(2_000);
    expect((await stamp(pass)).status).toBe(200);
    const pushes = (await bed.apns.waitFor(pushed + 2)).slice(pushed);
    expect(pushes.map((push) => push.path).sort()).toEqual([`/3/device/${PUSH_TOKEN}`, `/3/device/${OTHER_PUSH_TOKEN}`].sort());
    for (const push of pushes) {
      expect(push).toMatchObject({ method: 'POST', topic: TEST_PASS_TYPE_ID, pushType: 'background', body: '{}', clientCertificateSubject: `Pass Type ID: ${TEST_PASS_TYPE_ID}` });
    }
    const since = await webService(`/v1/devices/${DEVICE}/registrations/${TEST_PASS_TYPE_ID}?passesUpdatedSince=${before.lastUpdated}`);
    expect(since.status).toBe(200);
    expect(((await since.json()) as { serialNumbers: string[] }).serialNumbers).toContain(pass.serial_number);
    const updated = await download(pass);
    updated.remove();
    const stamps = Object.values(updated.passJson['storeCard'] as Record<string, { key: string; value: unknown }[]>).flat().find((field) => field.key === 'pass_stamps');
    expect(stamps?.value).toBe(1);
  });

  it("a campaign pushes a registered pass's device, and the pass shows the message with a lock-screen message", async () => {
    const shop = await registerBusiness(bed.server, 'Campaign Café');
    const pass = await issuePass(bed.server, shop);
    await register(pass, await authenticationTokenOf(pass), DEVICE, PUSH_TOKEN);
    const pushed = bed.apns.received.length;
    const campaigns = `/businesses/${shop.businessId}/campaigns`;
    const created = await bed.server.request<{ id: string }>('POST', campaigns, { token: shop.token, body: { name: 'Friday', message: { header: 'Double stamps', body: 'This Friday only.' } } });
    await bed.server.request('POST', `${campaigns}/${created.body.id}/send`, { token: shop.token });
    const [push] = (await bed.apns.waitFor(pushed + 1)).slice(pushed);
    expect(push?.path).toBe(`/3/device/${PUSH_TOKEN}`);
    let campaign = await bed.server.request<{ status: string; stats: unknown }>('GET', `${campaigns}/${created.body.id}`, { token: shop.token });
    while (campaign.body.status !== 'sent') campaign = await bed.server.request('GET', `${campaigns}/${created.body.id}`, { token: shop.token });
    expect(campaign.body.stats).toEqual({ recipients: 1, delivered: 1, not_installed: 0, quota_limited: 0, failed: 0 });
    const unpacked = await download(pass);
    unpacked.remove();
    const message = Object.values(unpacked.passJson['storeCard'] as Record<string, { key: string }[]>).flat().find((field) => field.key === 'pass_message');
    expect(message).toEqual({ key: 'pass_message', label: 'Double stamps', value: 'This Friday only.', changeMessage: 'Double stamps: %@' });
  });

  it('a reward earned shows on the pass with a lock-screen message, and its redeem pushes the device', async () => {
    const shop = await registerBusiness(bed.server, 'Reward Café');
    const milestone = await bed.server.request('POST', `/businesses/${shop.businessId}/milestones`, {
      token: shop.token,
      body: { template_id: shop.templateId, name: 'Coffee round', metric: 'stamps', threshold: 2, reward: { title: 'A free coffee' } },
    });
    expect(milestone.status).toBe(201);
    const pass = await issuePass(bed.server, shop);
    await register(pass, await authenticationTokenOf(pass), DEVICE, PUSH_TOKEN);
    const fieldsOf = async () => {
      const unpacked = await download(pass);
      unpacked.remove();
      return Object.values(unpacked.passJson['storeCard'] as Record<string, { key: string; value: unknown; changeMessage?: string }[]>).flat();
    };
    expect((await fieldsOf()).find((field) => field.key === 'pass_next_reward')?.value).toBe('2 stamps to A free coffee');

    const stamped = await bed.server.request<PassBody>('POST', `/businesses/${shop.businessId}/passes/${pass.id}/stamp?count=2`, { token: shop.token });
    expect((await fieldsOf()).find((field) => field.key === 'pass_rewards')).toEqual({ key: 'pass_rewards', label: 'Rewards', value: 'A free coffee', changeMessage: 'You earned %@' });

    const pushed = bed.apns.received.length;
    bed.server.clock.advance(2_000);
    const redeemed = await bed.server.request('POST', `/businesses/${shop.businessId}/passes/${pass.id}/rewards/${stamped.body.rewards[0]?.id}/redeem`, { token: shop.token });
    expect(redeemed.status).toBe(200);
    expect((await bed.apns.waitFor(pushed + 1)).slice(pushed).map((push) => push.path)).toEqual([`/3/device/${PUSH_TOKEN}`]);
    expect((await fieldsOf()).find((field) => field.key === 'pass_rewards')).toBeUndefined();
  });

  it('a 410 from APNs forgets that device, and only that one', async () => {
    const pass = await issuePass(bed.server, business);
    const token = await authenticationTokenOf(pass);
    const goneToken = 'ef'.repeat(32);
    await register(pass, token, 'device-gone-1', goneToken);
    bed.apns.answer = (push) => (push.path.endsWith(goneToken) ? { status: 410, reason: 'Unregistered' } : { status: 200 });
    try {
      const pushed = bed.apns.received.length;
      expect((await stamp(pass)).status).toBe(200);
      await bed.apns.waitFor(pushed + 1);
      const history = async () =>
        (await bed.server.request<{ data: { type: string; data: Record<string, unknown> }[] }>('GET', `/businesses/${business.businessId}/passes/${pass.id}/events`, { token: business.token })).body.data;
      for (let tries = 0; !(await history()).some((event) => event.type === 'PassUninstalled'); tries++) {
        if (tries > 200) throw new Error('the device was never forgotten');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect((await history()).at(-1)).toMatchObject({ type: 'PassUninstalled', data: { device_library_identifier: 'device-gone-1', reason: 'push_token_rejected' } });
      expect((await webService(`/v1/devices/device-gone-1/registrations/${TEST_PASS_TYPE_ID}`)).status).toBe(204);
    } finally {
      bed.apns.answer = () => ({ status: 200 });
    }
  });
});

describe('a voided pass', () => {
  it('says so on its download page and offers no .pkpass', async () => {
    const pass = await issuePass(bed.server, business);
    await bed.server.request('DELETE', `/businesses/${business.businessId}/passes/${pass.id}`, { token: business.token });
    const page = await fetch(local(pass.download_url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('This pass is void');
    expect(html).not.toContain('Add to Apple Wallet');
    expect((await fetch(local(pass.apple_wallet_url ?? ''))).status).toBe(410);
  });
});
