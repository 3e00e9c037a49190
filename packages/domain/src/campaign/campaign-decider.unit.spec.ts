import { describe, expect, test } from '@jest/globals';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import type { CampaignCommand, CampaignDraft, CampaignEvent, CampaignTermsData } from './campaign';
import { campaignDecider } from './campaign-decider';

const spec = deciderSpec(campaignDecider);
const CREATED_AT = '2026-11-21T09:00:00.000Z';
const NOW = new Date('2026-11-21T10:00:00.000Z');
const OCCURRED_AT = NOW.toISOString();
const TOMORROW = new Date('2026-11-22T10:00:00.000Z');
const AUDIENCE = { templateId: null, statuses: ['active', 'checked_in'] as const, minStamps: null, minPoints: null, installedOnly: false };
const DRAFT: CampaignDraft = { name: 'Double stamps', message: { header: 'Double stamps', body: 'This Friday only.' }, audience: AUDIENCE, sendAt: null };
const TERMS: CampaignTermsData = {
  name: 'Double stamps',
  message: { header: 'Double stamps', body: 'This Friday only.' },
  audience: { template_id: null, statuses: ['active', 'checked_in'], min_stamps: null, min_points: null, installed_only: false },
  send_at: null,
};
const create = (draft: Partial<CampaignDraft> = {}, existing = 0, plan: 'free' | 'pro' = 'free'): CampaignCommand => ({
  type: 'CreateCampaign',
  campaignId: 'campaign-1',
  businessId: 'business-1',
  mode: 'live',
  draft: { ...DRAFT, ...draft },
  allowance: { plan, existing },
  now: NOW,
});
const created = (terms: Partial<CampaignTermsData> = {}, occurred_at = CREATED_AT): CampaignEvent => ({
  type: 'CampaignCreated',
  data: { campaign_id: 'campaign-1', business_id: 'business-1', mode: 'live', ...TERMS, ...terms, occurred_at },
});
const at = (occurred_at: string) => ({ occurred_at });
const started: CampaignEvent = { type: 'CampaignSendingStarted', data: at('2026-11-21T09:10:00.000Z') };
const page = (delivered: number, cursor: string | null): CampaignEvent => ({
  type: 'CampaignPageSent',
  data: { delivered, not_installed: 2, quota_limited: 1, failed: 0, cursor, occurred_at: '2026-11-21T09:11:00.000Z' },
});
const sent: CampaignEvent = { type: 'CampaignSent', data: at('2026-11-21T09:12:00.000Z') };
const cancelled: CampaignEvent = { type: 'CampaignCancelled', data: at('2026-11-21T09:10:00.000Z') };

describe('creating a campaign', () => {
  test('without send_at it is a draft; with one, scheduled', () => {
    spec.given([]).when(create()).then([created({}, OCCURRED_AT)]);
    expect(replay(campaignDecider, [created()])?.status).toBe('draft');
    expect(replay(campaignDecider, [created({ send_at: TOMORROW.toISOString() })])?.status).toBe('scheduled');
  });

  test('empty or long texts are validation errors', () => {
    spec.given([]).when(create({ message: { header: ' ', body: 'x' } })).thenThrows('validation_error');
    spec.given([]).when(create({ message: { header: 'x'.repeat(61), body: 'x' } })).thenThrows('validation_error');
    spec.given([]).when(create({ message: { header: 'x', body: 'x'.repeat(501) } })).thenThrows('validation_error');
    spec.given([]).when(create({ name: '' })).thenThrows('validation_error');
  });

  test('texts are limited in characters, as people count them: 60 emoji make a header, 61 do not', () => {
    const header = (count: number) => ({ message: { header: '😀'.repeat(count), body: 'x' } });
    spec.given([]).when(create(header(60))).then([created({ message: { header: '😀'.repeat(60), body: 'x' } }, OCCURRED_AT)]);
    spec.given([]).when(create(header(61))).thenThrows('validation_error');
    spec.given([]).when(create({ name: '😀'.repeat(200) })).then([created({ name: '😀'.repeat(200) }, OCCURRED_AT)]);
  });

  test('send_at in the past, or more than 90 days ahead, is a validation error', () => {
    spec.given([]).when(create({ sendAt: new Date('2026-11-21T09:59:59.000Z') })).thenThrows('validation_error');
    spec.given([]).when(create({ sendAt: new Date(NOW.getTime() + 90 * 86_400_000 + 1) })).thenThrows('validation_error');
    spec.given([]).when(create({ sendAt: new Date(NOW.getTime() + 90 * 86_400_000) })).then([
      created({ send_at: new Date(NOW.getTime() + 90 * 86_400_000).toISOString() }, OCCURRED_AT),
    ]);
  });

  test('an audience with no status, or a negative minimum, is a validation error', () => {
    spec.given([]).when(create({ audience: { ...AUDIENCE, statuses: [] } })).thenThrows('validation_error');
    spec.given([]).when(create({ audience: { ...AUDIENCE, minStamps: -1 } })).thenThrows('validation_error');
  });

  test("Free allows one campaign: the second is the plan's refusal; Pro has no limit", () => {
    const error = spec.given([]).when(create({}, 1)).thenThrows('pro_feature');
    expect(error.details).toEqual({ feature: 'campaigns', plan: 'free' });
    spec.given([]).when(create({}, 5, 'pro')).then([created({}, OCCURRED_AT)]);
  });
});

describe('moving a campaign', () => {
  test('PATCH with a send_at schedules a draft; with null, a scheduled one is a draft again', () => {
    const scheduled = replay(campaignDecider, [created(), { type: 'CampaignUpdated', data: { changes: { send_at: TOMORROW.toISOString() }, occurred_at: OCCURRED_AT } }]);
    expect(scheduled?.status).toBe('scheduled');
    spec
      .given([created({ send_at: TOMORROW.toISOString() })])
      .when({ type: 'UpdateCampaign', update: { sendAt: null }, now: NOW })
      .then([{ type: 'CampaignUpdated', data: { changes: { send_at: null }, occurred_at: OCCURRED_AT } }]);
  });

  test('a PATCH that changes nothing records nothing', () => {
    spec.given([created()]).when({ type: 'UpdateCampaign', update: { name: 'Double stamps' }, now: NOW }).then([]);
  });

  test('sending, sent or cancelled campaigns refuse PATCH, send and cancel with invalid_state', () => {
    for (const history of [[created(), started], [created(), started, sent], [created(), cancelled]]) {
      spec.given(history).when({ type: 'UpdateCampaign', update: { name: 'Other' }, now: NOW }).thenThrows('invalid_state');
      spec.given(history).when({ type: 'StartSending', now: NOW }).thenThrows('invalid_state');
      spec.given(history).when({ type: 'CancelCampaign', now: NOW }).thenThrows('invalid_state');
    }
  });

  test('only a draft is deleted; a deleted campaign is not found', () => {
    spec.given([created()]).when({ type: 'DeleteCampaign', now: NOW }).then([{ type: 'CampaignDeleted', data: at(OCCURRED_AT) }]);
    spec.given([created({ send_at: TOMORROW.toISOString() })]).when({ type: 'DeleteCampaign', now: NOW }).thenThrows('invalid_state');
    spec.given([created(), { type: 'CampaignDeleted', data: at(OCCURRED_AT) }]).when({ type: 'CancelCampaign', now: NOW }).thenThrows('not_found');
  });

  test('a draft or scheduled campaign is sent or cancelled', () => {
    spec.given([created()]).when({ type: 'StartSending', now: NOW }).then([{ type: 'CampaignSendingStarted', data: at(OCCURRED_AT) }]);
    spec.given([created({ send_at: TOMORROW.toISOString() })]).when({ type: 'CancelCampaign', now: NOW }).then([{ type: 'CampaignCancelled', data: at(OCCURRED_AT) }]);
  });
});

describe('sending', () => {
  test('each page adds its counts and moves the cursor; the stats add up', () => {
    const campaign = replay(campaignDecider, [created(), started, page(10, 'c1'), page(5, null)]);
    expect(campaign?.cursor).toBeNull();
    expect(campaign?.stats).toEqual({ recipients: 21, delivered: 15, notInstalled: 4, quotaLimited: 2, failed: 0 });
    expect(replay(campaignDecider, [created(), started, page(10, 'c1')])?.cursor).toBe('c1');
  });

  test('the last page sends the campaign in the same decision, at that time', () => {
    const counts = { delivered: 1, not_installed: 0, quota_limited: 0, failed: 0 };
    spec
      .given([created(), started])
      .when({ type: 'RecordPage', counts, failedPassIds: [], cursor: null, now: NOW })
      .then([{ type: 'CampaignPageSent', data: { ...counts, cursor: null, occurred_at: OCCURRED_AT } }, { type: 'CampaignSent', data: at(OCCURRED_AT) }]);
    expect(replay(campaignDecider, [created(), started, sent])).toMatchObject({ status: 'sent', sentAt: '2026-11-21T09:12:00.000Z' });
    spec.given([created(), started, sent]).when({ type: 'RecordPage', counts, failedPassIds: [], cursor: null, now: NOW }).thenThrows('invalid_state');
  });

  test('names each pass of the page that refused its message, before the page', () => {
    const counts = { delivered: 1, not_installed: 0, quota_limited: 0, failed: 2 };
    spec
      .given([created(), started])
      .when({ type: 'RecordPage', counts, failedPassIds: ['pass-7', 'pass-9'], cursor: 'c1', now: NOW })
      .then([
        { type: 'CampaignRecipientFailed', data: { pass_id: 'pass-7', occurred_at: OCCURRED_AT } },
        { type: 'CampaignRecipientFailed', data: { pass_id: 'pass-9', occurred_at: OCCURRED_AT } },
        { type: 'CampaignPageSent', data: { ...counts, cursor: 'c1', occurred_at: OCCURRED_AT } },
      ]);
  });

  test('a page of a campaign not sending is an invalid_state', () => {
    spec.given([created()]).when({ type: 'RecordPage', counts: { delivered: 1, not_installed: 0, quota_limited: 0, failed: 0 }, failedPassIds: [], cursor: null, now: NOW }).thenThrows('invalid_state');
  });
});
