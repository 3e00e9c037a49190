/**
 * A pass is usable with no wallet configured (the default): its download page and the customer's page
 * show the pass's details and the code its wallet pass would carry, as an inline QR code that a reader
 * decodes to the same (signed) message and that the counter's scan accepts; no wallet button is offered
 * while none is configured.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { customerToken } from '../testing/customer-links';
import { configureTemplate, issuePass, registerBusiness, type TestBusiness } from '../testing/fixtures';
import { qrCodesOf } from '../testing/page-qr-codes';
import { TestServer } from '../testing/test-server';
import type { PassBody, ScanResultBody } from '../testing/wire-types';

let server: TestServer, business: TestBusiness;
let pass: PassBody, ownCode: PassBody, voided: PassBody;
beforeAll(async () => {
  server = await TestServer.start();
  business = await registerBusiness(server);
  await configureTemplate(server, business, { scan_security: { signed_barcodes: true }, stamps_for_reward: 10 });
  pass = await issuePass(server, business, { customer_name: 'Ada Lovelace', customer_email: 'ada@example.com', initial_balance: 12.5, points: 120 });
  await server.request('POST', `/businesses/${business.businessId}/passes/${pass.id}/stamp?count=3`, { token: business.token });
  ownCode = await issuePass(server, business, { customer_email: 'ada@example.com', barcode_data: 'CAFÉ-LOYALTY-0042' });
  voided = await issuePass(server, business, { customer_email: 'ada@example.com' });
  await server.request('DELETE', `/businesses/${business.businessId}/passes/${voided.id}`, { token: business.token });
});
afterAll(() => server.stop());

const page = async (link: string) => {
  const response = await fetch(link.replace('https://passes.test', server.rootUrl));
  return { status: response.status, headers: response.headers, html: await response.text() };
};
const scan = (code: string) =>
  server.request<ScanResultBody>('POST', `/businesses/${business.businessId}/scans`, { token: business.token, body: { code, mode: 'verify' } });

describe('the download page with no wallet configured', () => {
  it('shows the pass’s signed code as a QR code that the counter’s scan accepts', async () => {
    const { status, html } = await page(pass.download_url);
    expect(status).toBe(200);
    expect(pass.barcode.message).toMatch(/\?sig=/);
    expect(qrCodesOf(html)).toEqual([{ label: `QR code of pass ${pass.serial_number}`, text: pass.barcode.message }]);
    const scanned = await scan(pass.barcode.message);
    expect(scanned.body).toMatchObject({ valid: true, reason: null, pass: { id: pass.id } });
  });

  it('shows its details: holder, status, stamps, points, balance and serial number', async () => {
    const text = (await page(pass.download_url)).html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain(' Active ');
    expect(text).toMatch(/Stamps 3 \/ 10 Points 120 Balance 12\.50/);
    expect(text).toContain(pass.serial_number);
    expect(text).toContain('Print this page or save it');
  });

  it('offers no wallet at all rather than a button that leads nowhere, and no "No wallet yet" dead end', async () => {
    const { html } = await page(pass.download_url);
    expect(html).not.toContain('class="wallet');
    expect(html).not.toContain('No wallet yet');
    expect(html).not.toContain('.pkpass');
  });

  it('keeps the strict policy: the code is markup in the page, with no image, script or other source', async () => {
    const { headers, html } = await page(pass.download_url);
    expect(headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/);
    expect(html).not.toMatch(/<img|<script|src=|data:/);
    expect(html).toContain('@media print');
  });

  it('shows a pass’s own barcode_data as its code', async () => {
    expect(qrCodesOf((await page(ownCode.download_url)).html).map((code) => code.text)).toEqual(['CAFÉ-LOYALTY-0042']);
  });

  it('shows no code for a voided pass, and says it is void', async () => {
    const { status, html } = await page(voided.download_url);
    expect(status).toBe(200);
    expect(qrCodesOf(html)).toEqual([]);
    expect(html).toContain('This pass is void');
  });

  it('says so, with the serial number, when a business’s code is too long for a QR code', async () => {
    const long = await issuePass(server, business, { barcode_data: '€'.repeat(2048) });
    const { status, html } = await page(long.download_url);
    expect(status).toBe(200);
    expect(qrCodesOf(html)).toEqual([]);
    expect(html).toContain(`too long to show here: give its serial number, ${long.serial_number}, at the counter`);
  });
});

describe('the customer’s page with no wallet configured', () => {
  it('shows each usable pass with its code and a link to its own page, and no wallet button', async () => {
    const token = await customerToken(server, 'ada@example.com');
    const { status, html } = await page(`${server.rootUrl}/customer?token=${encodeURIComponent(token)}`);
    expect(status).toBe(200);
    expect(qrCodesOf(html)).toEqual([
      { label: `QR code of pass ${pass.serial_number}`, text: pass.barcode.message },
      { label: `QR code of pass ${ownCode.serial_number}`, text: 'CAFÉ-LOYALTY-0042' },
    ]);
    expect(html).not.toContain('class="wallet');
    expect(html).not.toContain('Add to wallet');
    expect(html.match(/class="download"/g)).toHaveLength(2);
    expect(html).toContain(voided.serial_number);
  });
});

describe('rewards on the pages', () => {
  it('the download page and the customer page show the rewards to claim and how far the next one is', async () => {
    const shop = await registerBusiness(server, 'Reward Café');
    await server.changePlan(shop.businessId, 'pro');
    for (const [threshold, title] of [[3, 'A free coffee'], [10, 'A free lunch']] as const) {
      const created = await server.request('POST', `/businesses/${shop.businessId}/milestones`, {
        token: shop.token,
        body: { template_id: shop.templateId, name: title, metric: 'stamps', threshold, reward: { title } },
      });
      expect(created.status).toBe(201);
    }
    const card = await issuePass(server, shop, { customer_email: 'grace@example.com' });
    await server.request('POST', `/businesses/${shop.businessId}/passes/${card.id}/stamp?count=3`, { token: shop.token });
    const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

    const download = textOf((await page(card.download_url)).html);
    expect(download).toContain('Rewards to claim A free coffee');
    expect(download).toContain('7 stamps to A free lunch');
    const token = await customerToken(server, 'grace@example.com');
    const customer = textOf((await page(`${server.rootUrl}/customer?token=${encodeURIComponent(token)}`)).html);
    expect(customer).toContain('Rewards to claim A free coffee');
    expect(customer).toContain('7 stamps to A free lunch');
  });
});
