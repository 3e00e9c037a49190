/** Templates over real HTTP: create with defaults or settings, list, read, change, and every refusal. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTemplate, startWithTwoBusinesses, type TestBusiness } from '../testing/fixtures';
import type { TestServer } from '../testing/test-server';
import type { ErrorBody, TemplateBody } from '../testing/wire-types';

let server: TestServer, business: TestBusiness, other: TestBusiness;
beforeAll(async () => {
  ({ server, business, other } = await startWithTwoBusinesses());
  // Free allows one template, which the fixture has already made (plans.e2e.spec.ts tests that limit).
  await server.changePlan(business.businessId, 'pro');
});
afterAll(() => server.stop());

const templates = (b: TestBusiness) => `/businesses/${b.businessId}/templates`;
const patch = (templateId: string, body: unknown) => server.request<TemplateBody & ErrorBody>('PATCH', `${templates(business)}/${templateId}`, { token: business.token, body });
const post = (body: unknown) => server.request<TemplateBody & ErrorBody>('POST', templates(business), { token: business.token, body });

const FULL = {
  name: 'Smoothie stamps',
  pass_type: 'stamp_card',
  description: 'Ten smoothies, the eleventh is ours',
  logo_text: 'Juice Bar',
  colors: { background: '#1a7f37', foreground: '#ffffff', label: '#D0F0D8' },
  display_fields: {
    header: [{ key: 'stamps', label: 'Stamps', value: '0 / 10' }],
    primary: [{ key: 'reward', label: 'Reward', value: 'Free smoothie' }],
    back: [{ key: 'terms', label: 'Terms', value: 'One stamp per visit.' }],
  },
  barcode_format: 'pdf417',
  nfc_message: 'juice-bar-loyalty',
  currency: 'GBP',
  stamps_for_reward: 10,
  scan_security: { signed_barcodes: true, scan_cooldown: 3600, auto_stamp_on_scan: true },
};

describe('creating a template', () => {
  it('with a name only answers 201 with every setting at its default', async () => {
    const created = await post({ name: '  Coffee card ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      business_id: business.businessId,
      name: 'Coffee card',
      pass_type: 'generic',
      description: null,
      logo_text: null,
      colors: { background: '#FFFFFF', foreground: '#000000', label: '#666666' },
      display_fields: { header: [], primary: [], secondary: [], auxiliary: [], back: [] },
      barcode_format: 'qr',
      nfc_message: null,
      currency: null,
      stamps_for_reward: null,
      scan_security: { signed_barcodes: false, scan_cooldown: null, auto_stamp_on_scan: false },
      enrolment: { enabled: false, fields: ['name', 'email'], consent_text: null, join_url: null },
      images: { logo: null, icon: null, strip: null },
      created_at: created.body.created_at,
      updated_at: created.body.created_at,
    });
  });

  it('keeps every setting given, with colours in upper case, and reads it back', async () => {
    const created = await createTemplate(server, business, FULL);
    const expected = {
      ...FULL,
      colors: { background: '#1A7F37', foreground: '#FFFFFF', label: '#D0F0D8' },
      display_fields: { ...FULL.display_fields, secondary: [], auxiliary: [] },
    };
    expect(created).toMatchObject(expected);
    const read = await server.request<TemplateBody>('GET', `${templates(business)}/${created.id}`, { token: business.token });
    expect(read).toMatchObject({ status: 200, body: expected });
  });

  it.each(['loyalty', 'stamp_card', 'gift_card', 'event_ticket', 'coupon', 'membership', 'generic'])('accepts the pass type %s', async (passType) => {
    expect((await post({ name: 'Card', pass_type: passType })).body.pass_type).toBe(passType);
  });

  it.each(['qr', 'pdf417', 'aztec', 'code128'])('accepts the barcode format %s', async (format) => {
    expect((await post({ name: 'Card', barcode_format: format })).body.barcode_format).toBe(format);
  });

  it.each([null, 0, 60, 86_400])('accepts a scan cooldown of %p', async (cooldown) => {
    expect((await post({ name: 'Card', scan_security: { scan_cooldown: cooldown } })).body.scan_security.scan_cooldown).toBe(cooldown);
  });
});

describe('refusing invalid templates with 422 validation_error', () => {
  const field = { key: 'k', label: 'L', value: 'v' };
  it.each<[string, Record<string, unknown>, string]>([
    ['a name too long', { name: 'x'.repeat(201) }, 'name'],
    ['no name', {}, 'name'],
    ['an unknown pass type', { name: 'C', pass_type: 'boarding_pass' }, 'pass_type'],
    ['an unknown barcode format', { name: 'C', barcode_format: 'datamatrix' }, 'barcode_format'],
    ['a colour not in #RRGGBB', { name: 'C', colors: { background: 'red' } }, 'colors.background'],
    ['a currency not in ISO 4217 form', { name: 'C', currency: 'pounds' }, 'currency'],
    ['three letters no currency has', { name: 'C', currency: 'POU' }, 'currency'],
    ['a currency without two decimals', { name: 'C', currency: 'JPY' }, 'currency'],
    ['zero stamps for a reward', { name: 'C', stamps_for_reward: 0 }, 'stamps_for_reward'],
    ['an NFC message over 64 bytes', { name: 'C', nfc_message: 'é'.repeat(33) }, 'nfc_message'],
    ['a scan cooldown under a minute', { name: 'C', scan_security: { scan_cooldown: 59 } }, 'scan_security.scan_cooldown'],
    ['a scan cooldown over a day', { name: 'C', scan_security: { scan_cooldown: 86_401 } }, 'scan_security.scan_cooldown'],
    ['a negative scan cooldown', { name: 'C', scan_security: { scan_cooldown: -1 } }, 'scan_security.scan_cooldown'],
    ['a fractional scan cooldown', { name: 'C', scan_security: { scan_cooldown: 90.5 } }, 'scan_security.scan_cooldown'],
    ['a scan cooldown as text', { name: 'C', scan_security: { scan_cooldown: '60' } }, 'scan_security.scan_cooldown'],
    ['signed_barcodes that is not a boolean', { name: 'C', scan_security: { signed_barcodes: 'yes' } }, 'scan_security.signed_barcodes'],
    ['an unknown scan security setting', { name: 'C', scan_security: { max_scans: 3 } }, 'scan_security'],
    ['too many primary fields', { name: 'C', display_fields: { primary: [field, { ...field, key: 'b' }, { ...field, key: 'c' }] } }, 'display_fields.primary'],
    ['a display field key with spaces', { name: 'C', display_fields: { back: [{ ...field, key: 'my key' }] } }, 'display_fields.back.0.key'],
    ['a display field key used twice', { name: 'C', display_fields: { header: [field], back: [field] } }, 'display_fields.back.0.key'],
    ['an unknown field', { name: 'C', colour: '#000000' }, ''],
  ])('%s', async (_case, body, path) => {
    const response = await post(body);
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'validation_error', status: 422 });
    expect(response.body.error.details?.map((detail) => detail.path)).toContain(path);
  });
});

describe('listing templates', () => {
  it('lists the business’s own templates, oldest first, and none of another business', async () => {
    const list = await server.request<{ data: TemplateBody[] }>('GET', templates(other), { token: other.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((template) => template.id)).toEqual([other.templateId]);
    const mine = await server.request<{ data: TemplateBody[] }>('GET', templates(business), { token: business.token });
    expect(mine.body.data[0]?.id).toBe(business.templateId);
    expect(mine.body.data.every((template) => template.business_id === business.businessId)).toBe(true);
  });
});

describe('changing a template', () => {
  it('changes only the settings given; colours and scan security merge key by key', async () => {
    const template = await createTemplate(server, business, FULL);
    server.clock.advance(1000);
    const changed = await patch(template.id, { name: 'Juice stamps', colors: { label: '#000000' }, scan_security: { scan_cooldown: 0 } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: 'Juice stamps',
      pass_type: 'stamp_card',
      colors: { background: '#1A7F37', foreground: '#FFFFFF', label: '#000000' },
      scan_security: { signed_barcodes: true, scan_cooldown: 0, auto_stamp_on_scan: true },
      created_at: template.created_at,
    });
    expect(changed.body.updated_at).not.toBe(template.updated_at);
    expect((await server.request('GET', `${templates(business)}/${template.id}`, { token: business.token })).body).toEqual(changed.body);
  });

  it('replaces the display field slots given and keeps the others', async () => {
    const template = await createTemplate(server, business, FULL);
    const changed = await patch(template.id, { display_fields: { header: [] } });
    expect(changed.body.display_fields).toMatchObject({ header: [], primary: FULL.display_fields.primary, back: FULL.display_fields.back });
  });

  it('null clears a setting, and a null scan cooldown means none', async () => {
    const template = await createTemplate(server, business, FULL);
    const changed = await patch(template.id, { currency: null, nfc_message: null, stamps_for_reward: null, scan_security: { scan_cooldown: null } });
    expect(changed.body).toMatchObject({ currency: null, nfc_message: null, stamps_for_reward: null, scan_security: { scan_cooldown: null } });
  });

  it('an empty change answers the template unchanged', async () => {
    const template = await createTemplate(server, business, FULL);
    expect((await patch(template.id, {})).body).toEqual(template);
  });

  it('refuses a key made duplicate by the merge with 422, naming the field', async () => {
    const template = await createTemplate(server, business, FULL);
    const response = await patch(template.id, { display_fields: { secondary: [{ key: 'terms', label: 'T', value: 'v' }] } });
    expect(response.status).toBe(422);
    expect(response.body.error.details).toEqual([{ path: expect.stringMatching(/^display_fields\.(secondary|back)\.0\.key$/), message: 'must be unique across all display fields' }]);
  });

  it('refuses an invalid cooldown with 422 and keeps the template as it was', async () => {
    const template = await createTemplate(server, business, FULL);
    expect((await patch(template.id, { scan_security: { scan_cooldown: 30 } })).status).toBe(422);
    expect((await server.request<TemplateBody>('GET', `${templates(business)}/${template.id}`, { token: business.token })).body.scan_security.scan_cooldown).toBe(3600);
  });

  it('answers 404 for an unknown template or another business’s template', async () => {
    expect((await patch('missing', { name: 'x' })).status).toBe(404);
    expect((await patch(other.templateId, { name: 'x' })).status).toBe(404);
  });

  it('survives a restart: the settings are in the events', async () => {
    const template = await createTemplate(server, business, FULL);
    await patch(template.id, { scan_security: { signed_barcodes: false } });
    await server.restart();
    const read = await server.request<TemplateBody>('GET', `${templates(business)}/${template.id}`, { token: business.token });
    expect(read.body.scan_security).toEqual({ signed_barcodes: false, scan_cooldown: 3600, auto_stamp_on_scan: true });
  });
});

describe('reading templates', () => {
  it('answers 404 for an unknown template or another business’s template', async () => {
    expect((await server.request('GET', `${templates(business)}/missing`, { token: business.token })).status).toBe(404);
    expect((await server.request('GET', `${templates(business)}/${other.templateId}`, { token: business.token })).status).toBe(404);
  });
});
