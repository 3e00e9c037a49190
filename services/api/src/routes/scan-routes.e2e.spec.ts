/**
 * `POST /businesses/{id}/scans` over real HTTP: every combination of cooldown × signing × auto-stamp,
 * tampered barcodes, passes that are no longer valid, the forms a scanned code may take, and a serial
 * number typed in lower case.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { configureTemplate, issuePass, renewToken, startWithTwoBusinesses, type TestBusiness } from '../testing/fixtures';
import type { TestServer } from '../testing/test-server';
import type { ErrorBody, HistoryBody, PassBody, ScanResultBody } from '../testing/wire-types';

let server: TestServer, business: TestBusiness, other: TestBusiness;
beforeAll(async () => ({ server, business, other } = await startWithTwoBusinesses()));
afterAll(() => server.stop());

type Reply = { status: number; body: ScanResultBody & ErrorBody; headers: Headers };
const scan = (code: string, mode?: 'verify' | 'checkin'): Promise<Reply> =>
  server.request<ScanResultBody & ErrorBody>('POST', `/businesses/${business.businessId}/scans`, { token: business.token, body: mode ? { code, mode } : { code } });
const passPath = (id: string) => `/businesses/${business.businessId}/passes/${id}`;
const getPass = async (id: string) => (await server.request<PassBody>('GET', passPath(id), { token: business.token })).body;
const historyOf = async (id: string) => (await server.request<HistoryBody>('GET', `${passPath(id)}/events`, { token: business.token })).body.data;
const unsignedUrl = (pass: PassBody) => `https://passes.test/validate/${pass.serial_number}`;
const signatureOf = (pass: PassBody) => pass.barcode.message.split('?sig=')[1] ?? '';
const FIVE_MINUTES = 300;

/** Each group moves the clock by minutes; all of them together by more than an access token lives. */
async function configure(scanSecurity: Record<string, unknown>, forBusiness = business): Promise<void> {
  await renewToken(server, forBusiness);
  await configureTemplate(server, forBusiness, { scan_security: scanSecurity });
}

/** After a refused scan the pass is exactly as it was, and only the scan itself is on its history. */
async function expectUnchanged(pass: PassBody, reason: string): Promise<void> {
  const now = await getPass(pass.id);
  expect({ status: now.status, stamps: now.stamps, checked_in_at: now.checked_in_at }).toEqual({ status: pass.status, stamps: pass.stamps, checked_in_at: pass.checked_in_at });
  const last = (await historyOf(pass.id)).at(-1);
  expect(last).toMatchObject({ type: 'PassScanned', data: { valid: false, reason, checked_in: false } });
}

const COMBINATIONS = [null, 0, FIVE_MINUTES].flatMap((cooldown) =>
  [true, false].flatMap((signed) => [true, false].map((autoStamp) => [cooldown, signed, autoStamp] as const)),
);

describe.each(COMBINATIONS)('cooldown %p × signed barcodes %p × auto-stamp %p', (cooldown, signed, autoStamp) => {
  beforeAll(() => configure({ signed_barcodes: signed, scan_cooldown: cooldown, auto_stamp_on_scan: autoStamp }));

  it('a verify of the pass’s barcode is valid; only auto-stamp checks in and adds a stamp', async () => {
    const pass = await issuePass(server, business);
    const reply = await scan(pass.barcode.message, 'verify');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      valid: true,
      reason: null,
      checked_in: autoStamp,
      pass: { id: pass.id, serial_number: pass.serial_number, customer_name: null, status: autoStamp ? 'checked_in' : 'active', stamps: autoStamp ? 1 : 0, points: 0, balance: null },
    });
  });

  it('a second verify right after stays valid, and checks in again only without a cooldown', async () => {
    const pass = await issuePass(server, business);
    await scan(pass.barcode.message);
    const again = await scan(pass.barcode.message);
    const checksInAgain = autoStamp && cooldown === null;
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ valid: true, checked_in: checksInAgain, reason: autoStamp && cooldown !== null ? 'scan_cooldown' : null });
    expect(again.body.pass?.stamps).toBe(autoStamp ? (checksInAgain ? 2 : 1) : 0);
  });

  it('a check-in scan checks in (with a stamp on auto-stamp); another right after is 429 unless there is no cooldown', async () => {
    const pass = await issuePass(server, business);
    const first = await scan(pass.barcode.message, 'checkin');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ valid: true, reason: null, checked_in: true, pass: { status: 'checked_in', stamps: autoStamp ? 1 : 0 } });
    const second = await scan(pass.barcode.message, 'checkin');
    if (cooldown === null) {
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({ checked_in: true, pass: { stamps: autoStamp ? 2 : 0 } });
      return;
    }
    expect(second.status).toBe(429);
    expect(second.body.error).toMatchObject({ code: 'scan_cooldown', status: 429 });
    expect(second.headers.get('retry-after')).toBe(cooldown === 0 ? null : String(FIVE_MINUTES));
    expect((await getPass(pass.id)).stamps).toBe(autoStamp ? 1 : 0);
    expect((await historyOf(pass.id)).at(-1)).toMatchObject({ type: 'PassScanned', data: { mode: 'checkin', valid: true, reason: 'scan_cooldown', checked_in: false } });
  });

  it('once the window has passed the pass checks in again; a one-time pass never does', async () => {
    const pass = await issuePass(server, business);
    await scan(pass.barcode.message, 'checkin');
    server.clock.advance(FIVE_MINUTES * 1000);
    const later = await scan(pass.barcode.message, 'checkin');
    expect(later.status).toBe(cooldown === 0 ? 429 : 200);
    if (cooldown !== 0) expect(later.body).toMatchObject({ checked_in: true, pass: { stamps: autoStamp ? 2 : 0 } });
  });

  it.each([
    ['the bare code', (pass: PassBody) => pass.serial_number],
    ['the unsigned URL', unsignedUrl],
  ])(signed ? '%s lacks the signature: not valid, nothing changes' : '%s is as good as the barcode', async (_form, codeOf) => {
    const pass = await issuePass(server, business);
    const reply = await scan(codeOf(pass), 'checkin');
    expect(reply.status).toBe(200);
    if (signed) {
      expect(reply.body).toMatchObject({ valid: false, reason: 'missing_signature', checked_in: false, pass: { id: pass.id, status: 'active', stamps: 0 } });
      await expectUnchanged(pass, 'missing_signature');
    } else {
      expect(reply.body).toMatchObject({ valid: true, reason: null, checked_in: true, pass: { id: pass.id, status: 'checked_in' } });
    }
  });

  it('records every scan as PassScanned, before the check-in and stamp it caused', async () => {
    const pass = await issuePass(server, business);
    await scan(pass.barcode.message);
    const history = await historyOf(pass.id);
    expect(history.map((event) => event.type)).toEqual(['PassIssued', 'PassScanned', ...(autoStamp ? ['PassCheckedIn', 'PassStamped'] : [])]);
    expect(history[1]?.data).toEqual({ mode: 'verify', valid: true, reason: null, checked_in: autoStamp, occurred_at: server.clock.now().toISOString() });
  });
});

describe('tampered barcodes on a signing, auto-stamping template', () => {
  let pass: PassBody, another: PassBody;
  beforeAll(async () => {
    await configure({ signed_barcodes: true, scan_cooldown: null, auto_stamp_on_scan: true });
    pass = await issuePass(server, business);
    another = await issuePass(server, business);
  });

  it('a missing signature is not valid', async () => {
    expect((await scan(unsignedUrl(pass))).body).toMatchObject({ valid: false, reason: 'missing_signature', checked_in: false });
    await expectUnchanged(pass, 'missing_signature');
  });

  it('a changed signature is not valid', async () => {
    const signature = signatureOf(pass);
    const changed = `${signature.slice(0, 10)}${signature[10] === 'x' ? 'y' : 'x'}${signature.slice(11)}`;
    expect((await scan(`${unsignedUrl(pass)}?sig=${changed}`, 'checkin')).body).toMatchObject({ valid: false, reason: 'invalid_signature', checked_in: false });
    await expectUnchanged(pass, 'invalid_signature');
  });

  it('a signature from another pass is not valid', async () => {
    expect((await scan(`${unsignedUrl(pass)}?sig=${signatureOf(another)}`)).body).toMatchObject({ valid: false, reason: 'invalid_signature', pass: { id: pass.id } });
    await expectUnchanged(pass, 'invalid_signature');
  });

  it('a changed code under a good signature is another pass’s code, which the signature does not fit', async () => {
    expect((await scan(`${unsignedUrl(another)}?sig=${signatureOf(pass)}`)).body).toMatchObject({ valid: false, reason: 'invalid_signature', pass: { id: another.id } });
    await expectUnchanged(another, 'invalid_signature');
  });

  it('a changed code that is no pass’s is unknown, and names no pass', async () => {
    const serial = pass.serial_number;
    const changed = `${serial.slice(0, -1)}${serial.endsWith('Z') ? 'Y' : 'Z'}`;
    expect((await scan(`https://passes.test/validate/${changed}?sig=${signatureOf(pass)}`)).body).toEqual({ valid: false, reason: 'unknown_code', pass: null, checked_in: false });
  });

  it('the untouched barcode is valid and checks in', async () => {
    expect((await scan(pass.barcode.message)).body).toMatchObject({ valid: true, checked_in: true, pass: { stamps: 1 } });
  });
});

describe('passes that are no longer valid', () => {
  beforeAll(() => configure({ signed_barcodes: false, scan_cooldown: null, auto_stamp_on_scan: true }));

  it.each([
    ['voided', (id: string) => server.request('DELETE', passPath(id), { token: business.token })],
    ['redeemed', (id: string) => server.request('POST', `${passPath(id)}/redeem`, { token: business.token })],
  ] as const)('a %s pass is not valid, for verify and check-in alike, and nothing changes', async (status, makeInvalid) => {
    const issued = await issuePass(server, business);
    await makeInvalid(issued.id);
    const pass = await getPass(issued.id);
    for (const mode of ['verify', 'checkin'] as const) {
      const reply = await scan(pass.barcode.message, mode);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ valid: false, reason: status, checked_in: false, pass: { status, stamps: 0 } });
      await expectUnchanged(pass, status);
    }
  });
});

describe('what may be scanned', () => {
  beforeAll(() => configure({ signed_barcodes: true, scan_cooldown: null, auto_stamp_on_scan: false }));

  it('a pass’s own barcode_data finds the pass; it is the business’s own code, so it needs no signature', async () => {
    const pass = await issuePass(server, business, { barcode_data: 'MEMBER-4242' });
    expect((await scan('MEMBER-4242', 'checkin')).body).toMatchObject({ valid: true, checked_in: true, pass: { id: pass.id } });
  });

  it('barcode_data two passes share is ambiguous and changes neither', async () => {
    await issuePass(server, business, { barcode_data: 'SHARED-1' });
    await issuePass(server, business, { barcode_data: 'SHARED-1' });
    expect((await scan('SHARED-1', 'checkin')).body).toEqual({ valid: false, reason: 'ambiguous_barcode', pass: null, checked_in: false });
  });

  it('another business’s pass is unknown here, even with its own good barcode', async () => {
    await configure({ signed_barcodes: true }, other);
    const theirs = await issuePass(server, other);
    expect((await scan(theirs.barcode.message, 'checkin')).body).toEqual({ valid: false, reason: 'unknown_code', pass: null, checked_in: false });
    const theirHistory = await server.request<HistoryBody>('GET', `/businesses/${other.businessId}/passes/${theirs.id}/events`, { token: other.token });
    expect(theirHistory.body.data.map((event) => event.type)).toEqual(['PassIssued']);
  });

  it('verify is the default mode', async () => {
    const pass = await issuePass(server, business);
    expect((await scan(pass.barcode.message)).body).toMatchObject({ valid: true, checked_in: false });
    expect((await historyOf(pass.id)).at(-1)?.data).toMatchObject({ mode: 'verify' });
  });

  it.each<[string, unknown, string]>([
    ['no code', {}, 'code'],
    ['an empty code', { code: '' }, 'code'],
    ['a code that is not text', { code: 42 }, 'code'],
    ['an unknown mode', { code: 'x', mode: 'redeem' }, 'mode'],
    ['an unknown field', { code: 'x', business_id: 'b' }, ''],
  ])('%s is 422 validation_error', async (_case, body, path) => {
    const reply = await server.request<ErrorBody>('POST', `/businesses/${business.businessId}/scans`, { token: business.token, body });
    expect(reply.status).toBe(422);
    expect(reply.body.error.details?.map((detail) => detail.path)).toContain(path);
  });
});

describe('a serial number typed in lower case, or with a phone’s capital first letter', () => {
  const typings = (pass: PassBody) => [pass.serial_number.toLowerCase(), `P${pass.serial_number.slice(1).toLowerCase()}`, ` ${pass.serial_number.toLowerCase()} `];

  it('finds the pass, as the serial number in capitals does', async () => {
    await configure({ signed_barcodes: false, scan_cooldown: null, auto_stamp_on_scan: false });
    const pass = await issuePass(server, business);
    for (const code of typings(pass)) expect((await scan(code)).body).toMatchObject({ valid: true, reason: null, pass: { id: pass.id } });
  });

  it('on a signing template is the pass lacking its signature, not an unknown code', async () => {
    await configure({ signed_barcodes: true, scan_cooldown: null, auto_stamp_on_scan: false });
    const pass = await issuePass(server, business);
    for (const code of typings(pass)) expect((await scan(code, 'checkin')).body).toMatchObject({ valid: false, reason: 'missing_signature', checked_in: false, pass: { id: pass.id } });
    await expectUnchanged(pass, 'missing_signature');
  });

  it('a signed barcode is read exactly as issued: its code in lower case under its own signature is no pass', async () => {
    await configure({ signed_barcodes: true, scan_cooldown: null, auto_stamp_on_scan: false });
    const pass = await issuePass(server, business);
    const lowered = `https://passes.test/validate/${pass.serial_number.toLowerCase()}?sig=${signatureOf(pass)}`;
    expect((await scan(lowered, 'checkin')).body).toEqual({ valid: false, reason: 'unknown_code', pass: null, checked_in: false });
  });

  it('another business’s pass stays unknown here in any case', async () => {
    await configure({ signed_barcodes: false }, other);
    const theirs = await issuePass(server, other);
    expect((await scan(theirs.serial_number.toLowerCase())).body).toEqual({ valid: false, reason: 'unknown_code', pass: null, checked_in: false });
  });
});
