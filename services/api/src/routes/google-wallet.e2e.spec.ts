/**
 * Google Wallet end to end, on the real embedded stack: the save link's JWT verified with the service
 * account's public key and read for the pass's values, and object updates reaching a local stand-in
 * of Google's token endpoint and Wallet REST API when a saved pass changes.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TEST_GOOGLE_CLIENT_EMAIL, TEST_GOOGLE_ISSUER_ID } from '@passes/testkit';
import { importSPKI, jwtVerify } from 'jose';
import { configureTemplate, issuePass, registerBusiness, type TestBusiness } from '../testing/fixtures';
import { startWalletTestBed, type WalletTestBed } from '../testing/wallet-server';
import type { PassBody } from '../testing/wire-types';

const APP_URL = 'https://passes.test';
const SAVE_URL = 'https://pay.google.com/gp/v/save/';

let bed: WalletTestBed, business: TestBusiness;
beforeAll(async () => {
  bed = await startWalletTestBed();
  business = await registerBusiness(bed.server, 'Corner Café');
  await configureTemplate(bed.server, business, { currency: 'GBP', barcode_format: 'aztec', colors: { background: '#0B5FFF' } });
});
afterAll(() => bed?.stop());

const local = (url: string) => url.replace(APP_URL, bed.server.rootUrl);

async function saveJwt(pass: PassBody): Promise<string> {
  const response = await fetch(local(pass.google_wallet_url ?? ''), { redirect: 'manual' });
  expect(response.status).toBe(302);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const location = response.headers.get('location') ?? '';
  expect(location.startsWith(SAVE_URL)).toBe(true);
  return location.slice(SAVE_URL.length);
}

describe('the Save to Google Wallet link', () => {
  it('is a JWT the service account signed, for Google, carrying the template’s class and the pass’s object', async () => {
    const pass = await issuePass(bed.server, business, { customer_name: 'Ada Lovelace', initial_balance: 12.5, points: 40 });
    await bed.server.request('POST', `/businesses/${business.businessId}/passes/${pass.id}/stamp?count=3`, { token: business.token });
    const key = await importSPKI(bed.credentials.googlePublicKeyPem, 'RS256');
    const { payload, protectedHeader } = await jwtVerify(await saveJwt(pass), key, { issuer: TEST_GOOGLE_CLIENT_EMAIL, audience: 'google' });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: 'test-key-1' });
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: [APP_URL] });
    expect(payload['payload']).toEqual({
      loyaltyClasses: [
        {
          id: `${TEST_GOOGLE_ISSUER_ID}.${business.templateId}`,
          issuerName: 'Corner Café',
          programName: 'Coffee card',
          programLogo: { sourceUri: { uri: `${APP_URL}/wallet/google/program-logo.png` } },
          hexBackgroundColor: '#0B5FFF',
          reviewStatus: 'UNDER_REVIEW',
        },
      ],
      loyaltyObjects: [
        {
          id: `${TEST_GOOGLE_ISSUER_ID}.${pass.id}`,
          classId: `${TEST_GOOGLE_ISSUER_ID}.${business.templateId}`,
          state: 'ACTIVE',
          accountId: pass.serial_number,
          accountName: 'Ada Lovelace',
          loyaltyPoints: { label: 'Points', balance: { int: 40 } },
          secondaryLoyaltyPoints: { label: 'Stamps', balance: { int: 3 } },
          barcode: { type: 'AZTEC', value: pass.barcode.message, alternateText: pass.serial_number },
          textModulesData: [{ id: 'balance', header: 'Balance', body: '12.50 GBP' }],
        },
      ],
    });
    const logo = await fetch(`${bed.server.rootUrl}/wallet/google/program-logo.png`);
    expect([logo.status, logo.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  it('is refused without the download secret, and for a voided pass', async () => {
    const pass = await issuePass(bed.server, business);
    expect((await fetch(`${bed.server.rootUrl}/passes/${pass.serial_number}/google`, { redirect: 'manual' })).status).toBe(404);
    await bed.server.request('DELETE', `/businesses/${business.businessId}/passes/${pass.id}`, { token: business.token });
    expect((await fetch(local(pass.google_wallet_url ?? ''), { redirect: 'manual' })).status).toBe(410);
  });
});

describe('Google Wallet object updates', () => {
  it('follow a saved pass’s changes through the REST API with a token from the service account', async () => {
    const pass = await issuePass(bed.server, business, { points: 10 });
    const objectId = `${TEST_GOOGLE_ISSUER_ID}.${pass.id}`;
    bed.google.saved.add(objectId);
    const path = `/walletobjects/v1/loyaltyObject/${encodeURIComponent(objectId)}`;
    await bed.server.request('POST', `/businesses/${business.businessId}/passes/${pass.id}/points?points=15`, { token: business.token });
    const update = await bed.google.waitForUpdate((each) => each.path === path);
    expect(update).toMatchObject({
      method: 'PATCH',
      path,
      authorization: 'Bearer ya29.stand-in-token',
      body: { state: 'ACTIVE', accountId: pass.serial_number, loyaltyPoints: { label: 'Points', balance: { int: 25 } } },
    });
    expect(bed.google.assertions.at(-1)).toMatchObject({ iss: TEST_GOOGLE_CLIENT_EMAIL, scope: 'https://www.googleapis.com/auth/wallet_object.issuer' });

    await bed.server.request('DELETE', `/businesses/${business.businessId}/passes/${pass.id}`, { token: business.token });
    const afterVoid = await bed.google.waitForUpdate((each) => each.path === path && each.body['state'] === 'INACTIVE');
    expect(afterVoid.body).toMatchObject({ state: 'INACTIVE', loyaltyPoints: { label: 'Points', balance: { int: 25 } } });
  });

  it('carry a reward earned and the next one as text modules when a saved pass earns it', async () => {
    const shop = await registerBusiness(bed.server, 'Reward Café');
    await bed.server.changePlan(shop.businessId, 'pro');
    for (const [threshold, title] of [[2, 'A free coffee'], [5, 'A free lunch']] as const) {
      const created = await bed.server.request('POST', `/businesses/${shop.businessId}/milestones`, {
        token: shop.token,
        body: { template_id: shop.templateId, name: title, metric: 'stamps', threshold, reward: { title } },
      });
      expect(created.status).toBe(201);
    }
    const pass = await issuePass(bed.server, shop);
    const objectId = `${TEST_GOOGLE_ISSUER_ID}.${pass.id}`;
    bed.google.saved.add(objectId);
    const path = `/walletobjects/v1/loyaltyObject/${encodeURIComponent(objectId)}`;
    await bed.server.request('POST', `/businesses/${shop.businessId}/passes/${pass.id}/stamp?count=2`, { token: shop.token });
    const update = await bed.google.waitForUpdate((each) => each.path === path && JSON.stringify(each.body).includes('Rewards to claim'));
    expect(update.body['textModulesData']).toEqual([
      { id: 'rewards', header: 'Rewards to claim', body: 'A free coffee' },
      { id: 'next_reward', header: 'Next reward', body: '3 stamps to A free lunch' },
    ]);
  });

  it('carry a campaign’s message, notifying three times a day, then silently and quota_limited', async () => {
    const shop = await registerBusiness(bed.server, 'Campaign Café');
    await bed.server.changePlan(shop.businessId, 'pro');
    const pass = await issuePass(bed.server, shop);
    const objectId = `${TEST_GOOGLE_ISSUER_ID}.${pass.id}`;
    bed.google.saved.add(objectId);
    const path = `/walletobjects/v1/loyaltyObject/${encodeURIComponent(objectId)}`;
    const campaigns = `/businesses/${shop.businessId}/campaigns`;
    const stats: unknown[] = [];
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday']) {
      const created = await bed.server.request<{ id: string }>('POST', campaigns, { token: shop.token, body: { name: day, message: { header: day, body: `${day} special` } } });
      await bed.server.request('POST', `${campaigns}/${created.body.id}/send`, { token: shop.token });
      let campaign = await bed.server.request<{ status: string; stats: unknown }>('GET', `${campaigns}/${created.body.id}`, { token: shop.token });
      while (campaign.body.status !== 'sent') campaign = await bed.server.request('GET', `${campaigns}/${created.body.id}`, { token: shop.token });
      stats.push(campaign.body.stats);
      const update = await bed.google.waitForUpdate((each) => each.path === path && JSON.stringify(each.body).includes(`${day} special`));
      const [message] = update.body['messages'] as { header: string; body: string; messageType: string }[];
      expect(message).toMatchObject({ header: day, body: `${day} special`, messageType: day === 'Thursday' ? 'TEXT' : 'TEXT_AND_NOTIFY' });
    }
    expect(stats.at(0)).toEqual({ recipients: 1, delivered: 1, not_installed: 0, quota_limited: 0, failed: 0 });
    expect(stats.at(-1)).toEqual({ recipients: 1, delivered: 0, not_installed: 0, quota_limited: 1, failed: 0 });
  });

  it('update the template’s class when the template changes', async () => {
    await configureTemplate(bed.server, business, { name: 'Coffee club' });
    const path = `/walletobjects/v1/loyaltyClass/${encodeURIComponent(`${TEST_GOOGLE_ISSUER_ID}.${business.templateId}`)}`;
    const update = await bed.google.waitForUpdate((each) => each.path === path && each.body['programName'] === 'Coffee club');
    expect(update.body).toEqual({
      issuerName: 'Corner Café',
      programName: 'Coffee club',
      hexBackgroundColor: '#0B5FFF',
      programLogo: { sourceUri: { uri: `${APP_URL}/wallet/google/program-logo.png` } },
    });
  });
});
