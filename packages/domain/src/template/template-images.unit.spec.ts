import { describe, expect, test } from '@jest/globals';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import type { TemplateCommand, TemplateEvent } from './template';
import { templateDecider } from './template-decider';
import type { TemplateImageSlot } from './template-images';
import { defaultTemplateSettings } from './template-settings';
import { templateSettingsData } from './template-settings-data';

const spec = deciderSpec(templateDecider);
const NOW = new Date('2026-11-21T10:00:00.000Z');
const LATER = new Date('2026-11-21T11:00:00.000Z');
const LOGO = 'a'.repeat(64);
const OTHER_LOGO = 'b'.repeat(64);

const created: TemplateEvent = {
  type: 'TemplateCreated',
  data: { template_id: 'template-1', business_id: 'business-1', ...templateSettingsData(defaultTemplateSettings('Coffee card')), occurred_at: NOW.toISOString() },
};
const change = (slot: TemplateImageSlot, hash: string | null): TemplateCommand => ({ type: 'ChangeTemplateImage', slot, hash, now: LATER });
const changed = (slot: TemplateImageSlot, hash: string | null): TemplateEvent => ({ type: 'TemplateImageChanged', data: { slot, hash, occurred_at: LATER.toISOString() } });

describe('a template image', () => {
  test('a new template has none: its passes show the defaults', () => {
    expect(replay(templateDecider, [created])?.images).toEqual({ logo: null, icon: null, strip: null });
  });

  test('uploaded, is recorded with the hash of its content', () => {
    spec.given([created]).when(change('logo', LOGO)).then([changed('logo', LOGO)]);
  });

  test('replaced, is recorded with the new hash', () => {
    spec.given([created, changed('logo', LOGO)]).when(change('logo', OTHER_LOGO)).then([changed('logo', OTHER_LOGO)]);
  });

  test('uploaded again unchanged, is no fact', () => {
    spec.given([created, changed('logo', LOGO)]).when(change('logo', LOGO)).then([]);
  });

  test('removed, is recorded as no hash; removing none is no fact', () => {
    spec.given([created, changed('strip', LOGO)]).when(change('strip', null)).then([changed('strip', null)]);
    spec.given([created]).when(change('strip', null)).then([]);
  });

  test('changes only its own slot, and the template changes when it does (its passes update)', () => {
    const template = replay(templateDecider, [created, changed('icon', LOGO)]);
    expect(template?.images).toEqual({ logo: null, icon: LOGO, strip: null });
    expect(template?.updatedAt).toBe(LATER.toISOString());
  });

  test('is named by a SHA-256 in hex, nothing else', () => {
    spec.given([created]).when(change('logo', 'not-a-hash')).thenThrows('validation_error');
  });

  test('of a template that does not exist is not found', () => {
    spec.given([]).when(change('logo', LOGO)).thenThrows('not_found');
  });
});
