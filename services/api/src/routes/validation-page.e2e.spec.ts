/**
 * The public validation page `{app_url}/validate/<code>?sig=…` over real HTTP: the verdict and status,
 * no personal data, everything escaped, a strict Content-Security-Policy, and no change to the pass.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { configureTemplate, issuePass, registerBusiness, type TestBusiness } from '../testing/fixtures';
import { TestServer } from '../testing/test-server';
import type { HistoryBody, PassBody } from '../testing/wire-types';

let server: TestServer, business: TestBusiness;
beforeAll(async () => {
  server = await TestServer.start();
  business = await registerBusiness(server);
});
afterAll(() => server.stop());

const PERSONAL = { customer_name: 'Ada Lovelace', customer_email: 'ada@example.com', external_id: 'member-1815', metadata: { tier: 'gold' } };

/** The barcode points at `{app_url}` (https://passes.test in tests); the page is served by the test server. */
async function open(message: string): Promise<{ status: number; headers: Headers; html: string }> {
  const response = await fetch(message.replace('https://passes.test', server.rootUrl));
  return { status: response.status, headers: response.headers, html: await response.text() };
}
const unsigned = (pass: PassBody) => `https://passes.test/validate/${pass.serial_number}`;

describe('a pass whose template does not sign barcodes', () => {
  beforeAll(() => configureTemplate(server, business, { name: 'Coffee card', scan_security: { signed_barcodes: false } }));

  it('is valid: the page says so, with the status and the template name', async () => {
    const page = await open((await issuePass(server, business)).barcode.message);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.html).toContain('<h1>Valid pass</h1>');
    expect(page.html).toContain('Status: <strong>Active</strong>');
    expect(page.html).toContain('Coffee card');
    expect(page.html).toContain('Checked <time datetime="2026-11-21T10:00:00.000Z">2026-11-21 10:00:00 UTC</time>');
  });

  it('shows no personal data, no serial number and no metadata', async () => {
    const pass = await issuePass(server, business, PERSONAL);
    const { html } = await open(pass.barcode.message);
    for (const secret of ['Ada', 'Lovelace', 'ada@example.com', 'member-1815', 'gold', pass.id, pass.serial_number]) expect(html).not.toContain(secret);
  });

  it.each([
    ['redeemed', 'Redeemed', 'This pass has already been redeemed.', 'redeem'],
    ['checked in', 'Checked in', null, 'checkin'],
  ])('shows a %s pass with its status', async (_status, label, reason, action) => {
    const pass = await issuePass(server, business);
    await server.request('POST', `/businesses/${business.businessId}/passes/${pass.id}/${action}`, { token: business.token });
    const { html } = await open(pass.barcode.message);
    expect(html).toContain(`Status: <strong>${label}</strong>`);
    if (reason) expect(html).toContain(`<h1>Not valid</h1>`);
    if (reason) expect(html).toContain(reason);
  });

  it('shows a voided pass as not valid', async () => {
    const pass = await issuePass(server, business);
    await server.request('DELETE', `/businesses/${business.businessId}/passes/${pass.id}`, { token: business.token });
    const { html } = await open(pass.barcode.message);
    expect(html).toContain('<h1>Not valid</h1>');
    expect(html).toContain('Status: <strong>Voided</strong>');
  });

  it('answers 404 with the page for a code of no pass', async () => {
    const page = await open('https://passes.test/validate/PS-0000-0000-0000');
    expect(page.status).toBe(404);
    expect(page.html).toContain('<h1>Not valid</h1>');
    expect(page.html).toContain('This code does not belong to any pass.');
  });

  it('changes nothing: a look at the page is not a scan', async () => {
    const pass = await issuePass(server, business);
    await open(pass.barcode.message);
    const history = await server.request<HistoryBody>('GET', `/businesses/${business.businessId}/passes/${pass.id}/events`, { token: business.token });
    expect(history.body.data.map((event) => event.type)).toEqual(['PassIssued']);
  });
});

describe('a pass whose template signs barcodes', () => {
  let pass: PassBody, another: PassBody;
  beforeAll(async () => {
    await configureTemplate(server, business, { scan_security: { signed_barcodes: true } });
    [pass, another] = [await issuePass(server, business), await issuePass(server, business)];
  });

  it('is valid with its signature', async () => {
    expect((await open(pass.barcode.message)).html).toContain('<h1>Valid pass</h1>');
  });

  it.each([
    ['no signature', () => unsigned(pass), 'carries no signature'],
    ['a changed signature', () => pass.barcode.message.replace(/sig=(.)/, (_match, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`), 'does not match'],
    ['another pass’s signature', () => `${unsigned(pass)}?sig=${another.barcode.message.split('?sig=')[1] ?? ''}`, 'does not match'],
    ['the signature given twice', () => `${pass.barcode.message}&sig=x`, 'does not match'],
  ])('is not valid with %s, and the page tells nothing about the pass', async (_case, url, reason) => {
    const { status, html } = await open(url());
    expect(status).toBe(200);
    expect(html).toContain('<h1>Not valid</h1>');
    expect(html).toContain(reason);
    expect(html).not.toContain('Status:');
    expect(html).not.toContain('Coffee card');
  });
});

describe('safety of the page', () => {
  it('sends a strict Content-Security-Policy and no referrer, and is never cached or framed', async () => {
    const { headers } = await open((await issuePass(server, business)).barcode.message);
    expect(headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('escapes a template name that carries markup', async () => {
    await configureTemplate(server, business, { name: `<script>alert("x")</script> & 'friends'`, scan_security: { signed_barcodes: false } });
    const { html } = await open((await issuePass(server, business)).barcode.message);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;');
    expect(html).not.toContain('<script');
  });

  it('does not echo the code or the signature it was given', async () => {
    const { html } = await open('https://passes.test/validate/%3Cimg%20src%3Dx%3E?sig=%3Cb%3E');
    expect(html).not.toMatch(/<img|<b>|%3C/);
  });

  it('answers a code with a malformed percent-encoding with 400 bad_request', async () => {
    expect((await fetch(`${server.rootUrl}/validate/%E0%A4%A`)).status).toBe(400);
  });

  it('needs no credentials', async () => {
    const response = await fetch(`${server.rootUrl}/validate/PS-0000-0000-0000`, { headers: { authorization: 'Bearer nonsense' } });
    expect(response.status).toBe(404);
  });
});
