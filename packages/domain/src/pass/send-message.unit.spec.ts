import { describe, expect, test } from '@jest/globals';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import { ISSUED_AT, NOW, OCCURRED_AT, passIssued, passVoided, passRedeemedAt } from '../testing/pass-fixtures';
import { passDecider } from './pass-decider';
import type { MessageSentData, MessageSource, PassEvent } from './pass-events';

const spec = deciderSpec(passDecider);
const MESSAGE = { header: 'Double stamps', body: 'Every stamp counts twice this Friday.' };
const CAMPAIGN: MessageSource = { campaign_id: 'campaign-1' };
const send = (source: MessageSource = CAMPAIGN, googleWallet = true, now = NOW) => ({ type: 'SendMessage' as const, message: MESSAGE, source, googleWallet, now });
const sent = (data: Partial<MessageSentData> = {}): PassEvent => ({
  type: 'MessageSent',
  data: { message: MESSAGE, source: CAMPAIGN, notify: true, delivery: 'delivered', occurred_at: OCCURRED_AT, ...data },
});
const installed: PassEvent = { type: 'PassInstalled', data: { device_library_identifier: 'device-1', push_token: 'a1b2c3d4e5f60718', occurred_at: ISSUED_AT } };
/** A message of another campaign, notifying, sent `hoursBefore` NOW. */
const earlier = (n: number, hoursBefore: number): PassEvent =>
  sent({ source: { campaign_id: `campaign-earlier-${n}` }, occurred_at: new Date(NOW.getTime() - hoursBefore * 3_600_000).toISOString() });

describe('sending a message to a pass', () => {
  test('records the message with its source, notifying while the pass has notifications left', () => {
    spec.given([passIssued()]).when(send()).then([sent()]);
  });

  test('the same campaign a second time records nothing: a resumed or repeated send never messages twice', () => {
    spec.given([passIssued(), sent()]).when(send()).then([]);
  });

  test('another campaign, or an automation, still messages the pass', () => {
    spec.given([passIssued(), sent()]).when(send({ campaign_id: 'campaign-2' })).then([sent({ source: { campaign_id: 'campaign-2' } })]);
    const automation: MessageSource = { automation_id: 'automation-1', occurrence: 'pass-issued' };
    spec.given([passIssued(), sent()]).when(send(automation)).then([sent({ source: automation })]);
  });

  test('an automation messages once per occurrence', () => {
    const first: MessageSource = { automation_id: 'automation-1', occurrence: '2026' };
    const next: MessageSource = { automation_id: 'automation-1', occurrence: '2027' };
    spec.given([passIssued(), sent({ source: first })]).when(send(first)).then([]);
    spec.given([passIssued(), sent({ source: first })]).when(send(next)).then([sent({ source: next })]);
  });

  test("a fourth notifying message within a day is quota_limited: Google's three a day, counted from the pass's own sends", () => {
    spec.given([passIssued(), earlier(1, 20), earlier(2, 10), earlier(3, 1)]).when(send()).then([sent({ notify: false, delivery: 'quota_limited' })]);
  });

  test('a notification older than a day no longer counts', () => {
    spec.given([passIssued(), earlier(1, 24), earlier(2, 10), earlier(3, 1)]).when(send()).then([sent()]);
  });

  test('silent messages do not count against the quota', () => {
    const silent = sent({ source: { campaign_id: 'silent' }, notify: false, delivery: 'quota_limited', occurred_at: '2026-11-21T09:59:00.000Z' });
    spec.given([passIssued(), earlier(1, 3), earlier(2, 2), silent]).when(send()).then([sent()]);
  });

  test('a pass on an Apple device reads delivered even past the Google quota', () => {
    spec.given([passIssued(), installed, earlier(1, 3), earlier(2, 2), earlier(3, 1)]).when(send()).then([sent({ notify: false, delivery: 'delivered' })]);
  });

  test('without Google Wallet, a pass on no Apple device is not_installed', () => {
    spec.given([passIssued()]).when(send(CAMPAIGN, false)).then([sent({ delivery: 'not_installed' })]);
    spec.given([passIssued(), installed]).when(send(CAMPAIGN, false)).then([sent()]);
  });

  test('a redeemed pass is still messaged; a voided one is an invalid_state', () => {
    spec.given([passIssued(), passRedeemedAt()]).when(send()).then([sent()]);
    const error = spec.given([passIssued(), passVoided()]).when(send()).thenThrows('invalid_state');
    expect(error.details).toEqual({ status: 'voided' });
  });

  test('a pass never issued is not_found', () => {
    spec.given([]).when(send()).thenThrows('not_found');
  });

  test('leaves the latest message on the pass, with its campaign, and the pass updated then', () => {
    const after = replay(passDecider, [passIssued(), sent({ source: { automation_id: 'automation-1', occurrence: 'x' }, occurred_at: '2026-11-21T09:10:00.000Z' }), sent()]);
    expect(after?.lastMessage).toEqual({ campaignId: 'campaign-1', header: MESSAGE.header, body: MESSAGE.body, sentAt: OCCURRED_AT });
    expect(after?.updatedAt).toBe(OCCURRED_AT);
    expect(replay(passDecider, [passIssued(), sent({ source: { automation_id: 'automation-1', occurrence: 'x' } })])?.lastMessage?.campaignId).toBeNull();
    expect(replay(passDecider, [passIssued()])?.lastMessage).toBeNull();
  });
});
