/** The template form becomes the body the API takes, or errors on the fields the API would name. */
import { describe, expect, it } from '@jest/globals';
import type { TemplateResponse } from '@passes/contracts';
import { checkTemplate, NEW_TEMPLATE_FORM, templateFormOf, type TemplateForm } from './template-form';

const form = (change: Partial<TemplateForm>): TemplateForm => ({ ...NEW_TEMPLATE_FORM, name: 'Coffee card', ...change });
const errorsOf = (change: Partial<TemplateForm>) => {
  const checked = checkTemplate(form(change));
  return checked.ok ? {} : checked.errors;
};

describe('the template form', () => {
  it('sends every setting: blanks as null, colours and currency in upper case, the cooldown in seconds', () => {
    const checked = checkTemplate(form({ colors: { background: '#1f4fd1', foreground: '#ffffff', label: '#abcdef' }, currency: 'gbp', cooldown: 'window', cooldown_minutes: '5', stamps_for_reward: '10' }));
    expect(checked).toEqual({
      ok: true,
      body: {
        name: 'Coffee card',
        pass_type: 'stamp_card',
        description: null,
        logo_text: null,
        colors: { background: '#1F4FD1', foreground: '#FFFFFF', label: '#ABCDEF' },
        display_fields: { header: [], primary: [], secondary: [], auxiliary: [], back: [] },
        barcode_format: 'qr',
        nfc_message: null,
        currency: 'GBP',
        stamps_for_reward: 10,
        scan_security: { signed_barcodes: true, scan_cooldown: 300, auto_stamp_on_scan: false },
      },
    });
  });

  it('sends no cooldown as null and single use as 0', () => {
    const cooldownOf = (cooldown: TemplateForm['cooldown']) => {
      const checked = checkTemplate(form({ cooldown }));
      return checked.ok ? checked.body.scan_security?.scan_cooldown : 'refused';
    };
    expect(cooldownOf('none')).toBeNull();
    expect(cooldownOf('once')).toBe(0);
  });

  it('refuses a window outside 1 minute to 24 hours on the cooldown field', () => {
    for (const minutes of ['0', '1441', 'five', '2.5']) {
      expect(errorsOf({ cooldown: 'window', cooldown_minutes: minutes })).toEqual({ 'scan_security.scan_cooldown': 'must be 1 to 1440 minutes' });
    }
  });

  it('names the field of each refusal as the API does, in its words', () => {
    expect(errorsOf({ name: '  ' })).toEqual({ name: 'must not be empty' });
    expect(errorsOf({ stamps_for_reward: 'ten' })).toEqual({ stamps_for_reward: 'must be an integer' });
    expect(errorsOf({ currency: 'POUNDS' })).toEqual({ currency: 'must be the ISO 4217 code of a currency with two decimals, such as GBP or EUR' });
    expect(errorsOf({ currency: 'POU' })).toEqual({ currency: 'must be the ISO 4217 code of a currency with two decimals, such as GBP or EUR' });
    expect(errorsOf({ nfc_message: '€'.repeat(22) })).toEqual({ nfc_message: 'must be at most 64 bytes' });
  });

  it('refuses a display field key used twice across slots, on the second use', () => {
    const fields = { ...NEW_TEMPLATE_FORM.display_fields, header: [{ key: 'visits', label: 'Visits', value: '0' }], back: [{ key: 'visits', label: 'Again', value: '1' }] };
    expect(errorsOf({ display_fields: fields })).toEqual({ 'display_fields.back.0.key': 'must be unique across all display fields' });
  });

  it('refuses a slot over its limit, and an empty value, on their paths', () => {
    const field = (index: number, value = 'V') => ({ key: `p${index}`, label: 'L', value });
    expect(errorsOf({ display_fields: { ...NEW_TEMPLATE_FORM.display_fields, primary: [1, 2, 3].map((index) => field(index)) } })).toEqual({
      'display_fields.primary': 'holds at most 2 fields',
    });
    expect(errorsOf({ display_fields: { ...NEW_TEMPLATE_FORM.display_fields, primary: [field(1), field(2, '')] } })).toEqual({
      'display_fields.primary.1.value': 'must not be empty',
    });
  });

  it('shows a template as the API answered it, and sends it back unchanged', () => {
    const template: TemplateResponse = {
      id: 'tpl-1',
      business_id: 'biz-1',
      name: 'Gift card',
      pass_type: 'gift_card',
      description: 'Spend it anywhere',
      logo_text: null,
      colors: { background: '#000000', foreground: '#FFFFFF', label: '#CCCCCC' },
      display_fields: { header: [], primary: [{ key: 'balance', label: 'Balance', value: '£10' }], secondary: [], auxiliary: [], back: [] },
      barcode_format: 'pdf417',
      nfc_message: 'hello',
      currency: 'GBP',
      stamps_for_reward: null,
      scan_security: { signed_barcodes: false, scan_cooldown: 3600, auto_stamp_on_scan: true },
      enrolment: { enabled: false, fields: ['name', 'email'], consent_text: null, join_url: null },
      images: { logo: null, icon: null, strip: null },
      created_at: '2026-11-23T10:00:00.000Z',
      updated_at: '2026-11-23T10:00:00.000Z',
    };
    // Self-enrolment and images have controls of their own: the template form neither shows nor sends them.
    const { id, business_id, created_at, updated_at, enrolment, images, ...settings } = template;
    expect(checkTemplate(templateFormOf(template))).toEqual({ ok: true, body: settings });
  });
});
