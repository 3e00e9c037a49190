/** A pass's history reads as sentences. */
import { describe, expect, it } from '@jest/globals';
import { describeEvent, type HistoryEntry } from './describe-event';

const entry = (type: HistoryEntry['type'], data: Record<string, unknown>) => ({ type, data, revision: 1, recorded_at: '2026-11-21T10:00:00.000Z', actor: 'user:1', causation_id: null });

describe('describing a pass event', () => {
  it('says what happened, with the numbers after it', () => {
    expect(describeEvent(entry('PassIssued', { serial_number: 'PS-1' }))).toBe('Issued as PS-1');
    expect(describeEvent(entry('PassStamped', { count: 1, stamps: 4 }))).toBe('1 stamp added (now 4)');
    expect(describeEvent(entry('PassStamped', { count: 1000, stamps: 1004 }))).toBe('1,000 stamps added (now 1,004)');
    expect(describeEvent(entry('PointsAdjusted', { delta: -20, points: 5 }))).toBe('20 points spent (now 5)');
    expect(describeEvent(entry('BalanceCharged', { amount_minor: 250, balance_minor: 750 }))).toBe('Charged 2.50 (balance 7.50)');
    expect(describeEvent(entry('PassUpdated', { changes: { customer_email: 'a@b.c', balance_minor: 100 } }))).toBe('Updated: customer email, balance');
  });

  it('names the reward earned, and what redeeming one used', () => {
    expect(describeEvent(entry('RewardEarned', { title: 'Free coffee' }))).toBe('Earned a reward: Free coffee');
    expect(describeEvent(entry('RewardRedeemed', { metric: 'stamps', deducted: 10, value: 2 }))).toBe('Reward redeemed (10 stamps used, now 2)');
    expect(describeEvent(entry('RewardRedeemed', { metric: 'points', deducted: 250, value: 0 }))).toBe('Reward redeemed (250 points used, now 0)');
    expect(describeEvent(entry('RewardRedeemed', { metric: 'stamps', deducted: 1, value: 0 }))).toBe('Reward redeemed (1 stamp used, now 0)');
  });

  it('quotes a message sent, and says how it reached the holder', () => {
    expect(describeEvent(entry('MessageSent', { message: { header: 'Autumn', body: 'A free pastry' }, delivery: 'delivered' }))).toBe('Message “Autumn”: delivered');
    expect(describeEvent(entry('MessageSent', { message: { header: 'Autumn', body: 'A free pastry' }, delivery: 'not_installed' }))).toBe('Message “Autumn”: in no wallet the service updates');
  });

  it("names an automation's run", () => {
    expect(describeEvent(entry('AutomationRan', { occurrence: 'issued' }))).toBe('An automation ran (issued)');
  });

  it("says the holder stopped automation emails, or turned them back on", () => {
    expect(describeEvent(entry('AutomationEmailsStopped', {}))).toBe('The holder stopped automation emails');
    expect(describeEvent(entry('AutomationEmailsResumed', {}))).toBe('The holder turned automation emails back on');
  });

  it('says why a scan was not valid', () => {
    expect(describeEvent(entry('PassScanned', { mode: 'verify', valid: false, reason: 'invalid_signature' }))).toBe('Scanned: not valid, the signature did not match');
    expect(describeEvent(entry('PassScanned', { mode: 'checkin', valid: true, reason: null, checked_in: true }))).toBe('Scanned to check in: valid, checked in');
  });
});
