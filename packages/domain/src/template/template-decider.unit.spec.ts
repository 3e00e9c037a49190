import { describe, expect, test } from '@jest/globals';
import { decodeEvent } from '../events/event-registry';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import type { TemplateCommand, TemplateEvent, TemplateSettingsData } from './template';
import { templateDecider } from './template-decider';
import { templateEvents } from './template-event-registry';
import type { TemplateDraft, TemplateUpdate } from './template-settings';

const spec = deciderSpec(templateDecider);
const NOW = new Date('2026-11-21T10:00:00.000Z');
const LATER = new Date('2026-11-21T11:00:00.000Z');
const JOIN_CODE = 'k7m2p9q4xz';
const create = (draft: TemplateDraft): TemplateCommand => ({ type: 'CreateTemplate', templateId: 'template-1', businessId: 'business-1', draft, joinCode: JOIN_CODE, now: NOW });
const update = (changes: TemplateUpdate): TemplateCommand => ({ type: 'UpdateTemplate', update: changes, joinCode: 'n3w5c0d3zz', now: LATER });

const DEFAULTS: TemplateSettingsData = {
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
  enrolment: { enabled: false, fields: ['name', 'email'], consent_text: null, join_code: null },
};
const created = (settings: Partial<TemplateSettingsData> = {}): TemplateEvent => ({
  type: 'TemplateCreated',
  data: { template_id: 'template-1', business_id: 'business-1', ...DEFAULTS, ...settings, occurred_at: NOW.toISOString() },
});
const updated = (changes: Partial<TemplateSettingsData>): TemplateEvent => ({ type: 'TemplateUpdated', data: { changes, occurred_at: LATER.toISOString() } });

describe('creating a template', () => {
  test('with a name only records the defaults', () => {
    spec.given([]).when(create({ name: 'Coffee card' })).then([created()]);
  });

  test('records the name without surrounding whitespace', () => {
    spec.given([]).when(create({ name: '  Coffee card  ' })).then([created()]);
  });

  test('records the settings given, merging partial colours and scan security into the defaults', () => {
    spec
      .given([])
      .when(create({ name: 'Coffee card', passType: 'stamp_card', stampsForReward: 10, colors: { background: '#112233' }, scanSecurity: { scanCooldown: 0 } }))
      .then([
        created({
          pass_type: 'stamp_card',
          stamps_for_reward: 10,
          colors: { ...DEFAULTS.colors, background: '#112233' },
          scan_security: { ...DEFAULTS.scan_security, scan_cooldown: 0 },
        }),
      ]);
  });

  test('creating a template that exists is a conflict', () => {
    spec.given([created()]).when(create({ name: 'Coffee card' })).thenThrows('conflict');
  });

  test.each(['', 'x'.repeat(201)])('the name %p is a validation_error', (name) => {
    spec.given([]).when(create({ name })).thenThrows('validation_error');
  });

  test.each([-1, 1, 59, 86_401, 90.5])('a scan cooldown of %p seconds is a validation_error', (scanCooldown) => {
    const error = spec.given([]).when(create({ name: 'Coffee card', scanSecurity: { scanCooldown } })).thenThrows('validation_error');
    expect(error.details).toEqual({ issues: [{ path: 'scan_security.scan_cooldown', message: expect.stringContaining('0 (one check-in)') }] });
  });

  test.each([null, 0, 60, 86_400])('a scan cooldown of %p is accepted', (scanCooldown) => {
    spec
      .given([])
      .when(create({ name: 'Coffee card', scanSecurity: { scanCooldown } }))
      .then([created({ scan_security: { ...DEFAULTS.scan_security, scan_cooldown: scanCooldown } })]);
  });

  test('display field keys used twice are a validation_error naming the second', () => {
    const field = { key: 'points', label: 'Points', value: '0' };
    const error = spec.given([]).when(create({ name: 'Coffee card', displayFields: { primary: [field], back: [field] } })).thenThrows('validation_error');
    expect(error.details).toEqual({ issues: [{ path: 'display_fields.back.0.key', message: 'must be unique across all display fields' }] });
  });
});

describe('updating a template', () => {
  test('records each changed setting with its whole new value', () => {
    spec
      .given([created()])
      .when(update({ name: 'Smoothie card', scanSecurity: { signedBarcodes: true } }))
      .then([updated({ name: 'Smoothie card', scan_security: { ...DEFAULTS.scan_security, signed_barcodes: true } })]);
  });

  test('null clears a setting', () => {
    spec.given([created({ currency: 'GBP' })]).when(update({ currency: null })).then([updated({ currency: null })]);
  });

  test('records nothing when nothing changes', () => {
    spec.given([created()]).when(update({ name: 'Coffee card', scanSecurity: { autoStampOnScan: false } })).then([]);
  });

  test('refuses settings the merge makes invalid', () => {
    spec.given([created()]).when(update({ stampsForReward: 0 })).thenThrows('validation_error');
  });

  test('a template that does not exist is not_found', () => {
    spec.given([]).when(update({ name: 'x' })).thenThrows('not_found');
  });
});

describe('the template its events make', () => {
  test('TemplateCreated makes the template with its settings', () => {
    expect(replay(templateDecider, [created({ pass_type: 'loyalty' })])).toMatchObject({
      id: 'template-1',
      businessId: 'business-1',
      name: 'Coffee card',
      passType: 'loyalty',
      scanSecurity: { signedBarcodes: false, scanCooldown: null, autoStampOnScan: false },
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
  });

  test('a TemplateCreated recorded before templates had settings (schema version 1) is upcast to the defaults', () => {
    const nameOnly = { template_id: 'template-1', business_id: 'business-1', name: 'Old card', occurred_at: NOW.toISOString() };
    const decoded = decodeEvent(templateEvents, { type: 'TemplateCreated', data: nameOnly, metadata: { schema_version: 1 } });
    expect(replay(templateDecider, [decoded])).toMatchObject({ name: 'Old card', passType: 'generic', barcodeFormat: 'qr', scanSecurity: { scanCooldown: null } });
  });

  test('a version 1 TemplateCreated that recorded its settings keeps them through the upcast', () => {
    const [recorded] = templateDecider.decide(create({ name: 'Card', passType: 'loyalty' }), null);
    const decoded = decodeEvent(templateEvents, { type: 'TemplateCreated', data: recorded?.data, metadata: { schema_version: 1 } });
    expect(decoded).toEqual(recorded);
  });

  test('TemplateUpdated changes only what it names', () => {
    const template = replay(templateDecider, [created({ currency: 'GBP' }), updated({ scan_security: { signed_barcodes: true, scan_cooldown: 60, auto_stamp_on_scan: true } })]);
    expect(template).toMatchObject({ currency: 'GBP', scanSecurity: { signedBarcodes: true, scanCooldown: 60, autoStampOnScan: true }, updatedAt: LATER.toISOString() });
  });
});

describe('self-enrolment', () => {
  const consent = 'I agree to the terms.';

  test('opening it takes the fresh join code and records the fields in one order', () => {
    const [event] = templateDecider.decide(update({ enrolment: { enabled: true, fields: ['phone', 'email', 'name'], consentText: ` ${consent} ` } }), replay(templateDecider, [created()]));
    expect(event).toEqual(updated({ enrolment: { enabled: true, fields: ['name', 'email', 'phone'], consent_text: consent, join_code: 'n3w5c0d3zz' } }));
  });

  test('closing and opening again keeps the first join code, so printed posters go on working', () => {
    const opened = updated({ enrolment: { enabled: true, fields: ['name', 'email'], consent_text: consent, join_code: JOIN_CODE } });
    const closed = updated({ enrolment: { enabled: false, fields: ['name', 'email'], consent_text: consent, join_code: JOIN_CODE } });
    const [event] = templateDecider.decide(update({ enrolment: { enabled: true } }), replay(templateDecider, [created(), opened, closed]));
    expect(event).toEqual(updated({ enrolment: { enabled: true, fields: ['name', 'email'], consent_text: consent, join_code: JOIN_CODE } }));
  });

  test('needs a consent text to open, and name and email among its fields', () => {
    spec.given([created()]).when(update({ enrolment: { enabled: true } })).thenThrows('validation_error');
    spec.given([created()]).when(update({ enrolment: { fields: ['email', 'birthday'] } })).thenThrows('validation_error');
  });

  test('a closed template made before self-enrolment reads as closed, with no code', () => {
    const { enrolment: _absent, ...older } = DEFAULTS;
    const template = replay(templateDecider, [{ type: 'TemplateCreated', data: { template_id: 'template-1', business_id: 'business-1', ...older, occurred_at: NOW.toISOString() } }]);
    expect(template?.enrolment).toEqual({ enabled: false, fields: ['name', 'email'], consentText: null, joinCode: null });
  });
});
