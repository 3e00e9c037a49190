/**
 * The barcode and NFC message on every pass response: the template's format and validation URL (signed
 * when the template signs barcodes), or the pass's own barcode_data / nfc_data.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { configureTemplate, issuePass, registerBusiness, type TestBusiness } from '../testing/fixtures';
import { TestServer } from '../testing/test-server';
import type { PassBody } from '../testing/wire-types';

let server: TestServer, business: TestBusiness, other: TestBusiness;
beforeAll(async () => {
  server = await TestServer.start();
  business = await registerBusiness(server);
  other = await registerBusiness(server, 'Other Shop');
});
afterAll(() => server.stop());

const passPath = (id: string) => `/businesses/${business.businessId}/passes/${id}`;
const get = async (id: string) => (await server.request<PassBody>('GET', passPath(id), { token: business.token })).body;
const patchPass = async (id: string, body: unknown) => (await server.request<PassBody>('PATCH', passPath(id), { token: business.token, body })).body;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

describe('a template that does not sign barcodes', () => {
  beforeAll(() => configureTemplate(server, business, { barcode_format: 'qr', scan_security: { signed_barcodes: false } }));

  it('gives every pass the validation URL of its serial number, as QR', async () => {
    const pass = await issuePass(server, business);
    expect(pass.barcode).toEqual({ format: 'qr', message: `https://passes.test/validate/${pass.serial_number}` });
    expect((await get(pass.id)).barcode).toEqual(pass.barcode);
  });
});

describe('a template that signs barcodes', () => {
  beforeAll(() => configureTemplate(server, business, { barcode_format: 'aztec', scan_security: { signed_barcodes: true } }));
  afterAll(() => configureTemplate(server, business, { barcode_format: 'qr', scan_security: { signed_barcodes: false } }));

  it('adds the signature to the validation URL, in the template’s format', async () => {
    const pass = await issuePass(server, business);
    const [url, signature] = pass.barcode.message.split('?sig=');
    expect(pass.barcode.format).toBe('aztec');
    expect(url).toBe(`https://passes.test/validate/${pass.serial_number}`);
    expect(signature).toMatch(SIGNATURE);
  });

  it('signs each pass differently', async () => {
    const [first, second] = [await issuePass(server, business), await issuePass(server, business)];
    expect(first.barcode.message.split('?sig=')[1]).not.toBe(second.barcode.message.split('?sig=')[1]);
  });

  it('signs the same pass the same way on every read and after a restart', async () => {
    const pass = await issuePass(server, business);
    expect((await get(pass.id)).barcode).toEqual(pass.barcode);
    await server.restart();
    expect((await get(pass.id)).barcode).toEqual(pass.barcode);
  });

  it('shows on a pass already read, once its template changes, though the pass itself did not', async () => {
    const pass = await issuePass(server, business);
    expect((await get(pass.id)).barcode.format).toBe('aztec');
    await configureTemplate(server, business, { barcode_format: 'pdf417', nfc_message: 'front-door', scan_security: { signed_barcodes: false } });
    const read = await get(pass.id);
    expect(read.barcode).toEqual({ format: 'pdf417', message: `https://passes.test/validate/${pass.serial_number}` });
    expect(read.nfc_message).toBe('front-door');
    await configureTemplate(server, business, { barcode_format: 'aztec', nfc_message: null, scan_security: { signed_barcodes: true } });
    expect((await get(pass.id)).barcode.message).toMatch(/\?sig=/);
  });

  it('applies to passes issued before signing was switched on', async () => {
    await configureTemplate(server, business, { scan_security: { signed_barcodes: false } });
    const pass = await issuePass(server, business);
    expect(pass.barcode.message).not.toContain('?sig=');
    await configureTemplate(server, business, { scan_security: { signed_barcodes: true } });
    expect((await get(pass.id)).barcode.message).toMatch(/\?sig=/);
  });
});

describe('a pass’s own barcode_data', () => {
  it('replaces the message on issue, and null restores the template’s', async () => {
    const pass = await issuePass(server, business, { barcode_data: 'MEMBER-1815' });
    expect(pass.barcode).toEqual({ format: 'qr', message: 'MEMBER-1815' });
    expect((await patchPass(pass.id, { barcode_data: null })).barcode.message).toBe(`https://passes.test/validate/${pass.serial_number}`);
  });

  it('replaces the message on update', async () => {
    const pass = await issuePass(server, business);
    expect((await patchPass(pass.id, { barcode_data: 'MEMBER-1906' })).barcode.message).toBe('MEMBER-1906');
  });
});

describe('the NFC message', () => {
  it('is null when neither the template nor the pass has one', async () => {
    expect((await issuePass(server, other)).nfc_message).toBeNull();
  });

  it('is the template’s, unless the pass has its own nfc_data; null restores the template’s', async () => {
    await configureTemplate(server, business, { nfc_message: 'corner-cafe' });
    const plain = await issuePass(server, business);
    expect(plain.nfc_message).toBe('corner-cafe');
    const own = await issuePass(server, business, { nfc_data: 'tap-1815' });
    expect(own.nfc_message).toBe('tap-1815');
    expect((await patchPass(own.id, { nfc_data: null })).nfc_message).toBe('corner-cafe');
    expect((await patchPass(plain.id, { nfc_data: 'tap-1906' })).nfc_message).toBe('tap-1906');
  });
});
