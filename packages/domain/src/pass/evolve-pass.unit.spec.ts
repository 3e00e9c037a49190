import { describe, expect, test } from '@jest/globals';
import { replay } from '../shared/decider';
import { CHECKED_IN_AT, HISTORIES, ISSUE_DATA, ISSUED_AT, passCheckedIn, passIssued } from '../testing/pass-fixtures';
import { passDecider } from './pass-decider';
import type { PassEvent } from './pass-events';

const LATER = '2026-11-22T08:00:00.000Z';
const passAfter = (events: PassEvent[]) => replay(passDecider, events);

describe('evolving a pass', () => {
  test('PassIssued makes an active pass with no stamps, in no wallet, with no rewards, and nothing yet timestamped', () => {
    expect(passAfter(HISTORIES.issued)).toEqual({
      id: ISSUE_DATA.passId,
      businessId: ISSUE_DATA.businessId,
      mode: 'live',
      templateId: ISSUE_DATA.templateId,
      serialNumber: ISSUE_DATA.serialNumber,
      status: 'active',
      customerName: ISSUE_DATA.customerName,
      customerEmail: ISSUE_DATA.customerEmail,
      externalId: ISSUE_DATA.externalId,
      points: ISSUE_DATA.points,
      balanceMinor: ISSUE_DATA.initialBalanceMinor,
      stamps: 0,
      metadata: ISSUE_DATA.metadata,
      barcodeData: ISSUE_DATA.barcodeData,
      nfcData: ISSUE_DATA.nfcData,
      walletDevices: {},
      rewards: [],
      payments: {},
      lastMessage: null,
      messageSources: [],
      notifiedAt: [],
      createdAt: ISSUED_AT,
      updatedAt: ISSUED_AT,
      checkedInAt: null,
      redeemedAt: null,
      voidedAt: null,
      reactivatedAt: null,
      lastScannedAt: null,
      lastActivityAt: ISSUED_AT,
      automationRuns: [],
      automationEmailsStoppedAt: null,
    });
  });

  test('PassUpdated sets the changed fields and leaves the rest', () => {
    const pass = passAfter([passIssued(), { type: 'PassUpdated', data: { changes: { customer_name: 'Grace Hopper', balance_minor: null }, occurred_at: LATER } }]);
    expect(pass).toMatchObject({ customerName: 'Grace Hopper', balanceMinor: null, customerEmail: ISSUE_DATA.customerEmail, points: ISSUE_DATA.points, updatedAt: LATER });
  });

  test('PassUpdated merges metadata: values set their keys and null removes one', () => {
    const issued = passIssued({ metadata: { tier: 'gold', visits: 1 } });
    const pass = passAfter([issued, { type: 'PassUpdated', data: { changes: { metadata: { tier: null, visits: 2, vip: true } }, occurred_at: LATER } }]);
    expect(pass?.metadata).toEqual({ visits: 2, vip: true });
  });

  test('PassStamped sets the new total and leaves a checked-in pass checked in', () => {
    const pass = passAfter([...HISTORIES['checked in'], { type: 'PassStamped', data: { count: 2, stamps: 2, occurred_at: LATER } }]);
    expect(pass).toMatchObject({ stamps: 2, status: 'checked_in', updatedAt: LATER });
  });

  test('PointsAdjusted sets the new total', () => {
    const pass = passAfter([passIssued(), { type: 'PointsAdjusted', data: { delta: -30, points: 70, occurred_at: LATER } }]);
    expect(pass).toMatchObject({ points: 70, status: 'active', updatedAt: LATER });
  });

  test('BalanceCharged sets the new balance', () => {
    const pass = passAfter([passIssued(), { type: 'BalanceCharged', data: { amount_minor: 1000, balance_minor: 4000, occurred_at: LATER } }]);
    expect(pass).toMatchObject({ balanceMinor: 4000, updatedAt: LATER });
  });

  test('BalanceToppedUp sets the new balance', () => {
    const pass = passAfter([passIssued({ balance_minor: null }), { type: 'BalanceToppedUp', data: { amount_minor: 500, balance_minor: 500, occurred_at: LATER } }]);
    expect(pass).toMatchObject({ balanceMinor: 500, updatedAt: LATER });
  });

  test('PassCheckedIn makes the pass checked_in at that time', () => {
    expect(passAfter(HISTORIES['checked in'])).toMatchObject({ status: 'checked_in', checkedInAt: CHECKED_IN_AT, updatedAt: CHECKED_IN_AT });
  });

  test('a later PassCheckedIn moves the check-in time forward', () => {
    expect(passAfter([...HISTORIES['checked in'], passCheckedIn(LATER)])).toMatchObject({ checkedInAt: LATER });
  });

  test('PassRedeemed makes the pass redeemed at that time', () => {
    const pass = passAfter([passIssued(), { type: 'PassRedeemed', data: { occurred_at: LATER } }]);
    expect(pass).toMatchObject({ status: 'redeemed', redeemedAt: LATER, updatedAt: LATER });
  });

  test('PassVoided makes the pass voided at that time', () => {
    const pass = passAfter([passIssued(), { type: 'PassVoided', data: { occurred_at: LATER } }]);
    expect(pass).toMatchObject({ status: 'voided', voidedAt: LATER, updatedAt: LATER });
  });

  test('PassReactivated makes the pass active again at that time', () => {
    const pass = passAfter([...HISTORIES.voided, { type: 'PassReactivated', data: { occurred_at: LATER } }]);
    expect(pass).toMatchObject({ status: 'active', reactivatedAt: LATER, updatedAt: LATER });
  });

  test('PassScanned notes the scan without counting as a change to the pass', () => {
    const pass = passAfter([passIssued(), { type: 'PassScanned', data: { mode: 'verify', valid: true, reason: null, checked_in: false, occurred_at: LATER } }]);
    expect(pass).toMatchObject({ lastScannedAt: LATER, updatedAt: ISSUED_AT, status: 'active' });
  });

  test('PassInstalled registers the device with its push token, without changing what the pass shows', () => {
    const pass = passAfter([passIssued(), { type: 'PassInstalled', data: { device_library_identifier: 'device-1', push_token: 'ab12', occurred_at: LATER } }]);
    expect(pass).toMatchObject({ walletDevices: { 'device-1': 'ab12' }, updatedAt: ISSUED_AT });
  });

  test('PassUninstalled forgets the device and keeps the others', () => {
    const pass = passAfter([
      passIssued(),
      { type: 'PassInstalled', data: { device_library_identifier: 'device-1', push_token: 'ab12', occurred_at: ISSUED_AT } },
      { type: 'PassInstalled', data: { device_library_identifier: 'device-2', push_token: 'cd34', occurred_at: ISSUED_AT } },
      { type: 'PassUninstalled', data: { device_library_identifier: 'device-1', reason: 'unregistered', occurred_at: LATER } },
    ]);
    expect(pass).toMatchObject({ walletDevices: { 'device-2': 'cd34' }, updatedAt: ISSUED_AT });
  });

  test('an install or uninstall of schema 1, which named no device, registers and forgets none', () => {
    const pass = passAfter([
      passIssued(),
      { type: 'PassInstalled', data: { device_library_identifier: null, push_token: null, occurred_at: LATER } },
      { type: 'PassUninstalled', data: { device_library_identifier: null, reason: null, occurred_at: LATER } },
    ]);
    expect(pass?.walletDevices).toEqual({});
  });

  test('an event before PassIssued leaves no pass', () => {
    expect(passAfter([{ type: 'PassRedeemed', data: { occurred_at: LATER } }])).toBeNull();
  });

  test('the initial state is no pass', () => {
    expect(passDecider.initialState()).toBeNull();
  });
});
