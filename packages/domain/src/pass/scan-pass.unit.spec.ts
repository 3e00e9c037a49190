import { describe, test } from '@jest/globals';
import { deciderSpec } from '../testing/decider-spec';
import { HISTORIES, NOW, OCCURRED_AT, passCheckedIn, passIssued, type HistoryName } from '../testing/pass-fixtures';
import type { ScanCooldown } from '../template/scan-security';
import type { ScanPassCommand, SignatureCheck } from './pass-commands';
import { passDecider } from './pass-decider';
import type { PassEvent, ScanMode, ScanReason } from './pass-events';

const spec = deciderSpec(passDecider);

interface Scan {
  mode?: ScanMode;
  signature?: SignatureCheck;
  cooldown?: ScanCooldown;
  autoStamp?: boolean;
}
const scan = ({ mode = 'verify', signature = 'not_required', cooldown = null, autoStamp = false }: Scan = {}): ScanPassCommand => ({
  type: 'ScanPass',
  mode,
  signature,
  cooldown,
  autoStamp,
  milestones: [],
  now: NOW,
});
const scanned = (mode: ScanMode, valid: boolean, reason: ScanReason | null, checked_in: boolean): PassEvent => ({
  type: 'PassScanned',
  data: { mode, valid, reason, checked_in, occurred_at: OCCURRED_AT },
});
const CHECKED_IN: PassEvent = { type: 'PassCheckedIn', data: { occurred_at: OCCURRED_AT } };
const stamped = (stamps: number): PassEvent => ({ type: 'PassStamped', data: { count: 1, stamps, occurred_at: OCCURRED_AT } });
const checkedInSecondsAgo = (seconds: number): PassEvent[] => [passIssued(), passCheckedIn(new Date(NOW.getTime() - seconds * 1000).toISOString())];

describe('verifying a pass', () => {
  test.each<HistoryName>(['issued', 'checked in', 'reactivated'])('a %s pass is valid, and only the scan is recorded', (history) => {
    spec.given(HISTORIES[history]).when(scan()).then([scanned('verify', true, null, false)]);
  });

  test.each([['redeemed'], ['voided']] as const)('a %s pass is not valid, with its status as the reason', (status) => {
    spec.given(HISTORIES[status]).when(scan()).then([scanned('verify', false, status, false)]);
  });

  test('a signature that checks out is valid', () => {
    spec.given(HISTORIES.issued).when(scan({ signature: 'valid' })).then([scanned('verify', true, null, false)]);
  });

  test.each([
    ['missing', 'missing_signature'],
    ['invalid', 'invalid_signature'],
  ] as const)('a %s signature is not valid, even with auto-stamp: nothing else is recorded', (signature, reason) => {
    spec.given(HISTORIES.issued).when(scan({ signature, autoStamp: true })).then([scanned('verify', false, reason, false)]);
  });

  test('a bad signature is reported before the pass status', () => {
    spec.given(HISTORIES.voided).when(scan({ signature: 'invalid' })).then([scanned('verify', false, 'invalid_signature', false)]);
  });
});

describe('verifying on an auto-stamping template', () => {
  test('checks the pass in and adds one stamp', () => {
    spec.given(HISTORIES.issued).when(scan({ autoStamp: true })).then([scanned('verify', true, null, true), CHECKED_IN, stamped(1)]);
  });

  test('inside the cooldown stays valid and checks nothing in', () => {
    spec.given(checkedInSecondsAgo(30)).when(scan({ autoStamp: true, cooldown: 60 })).then([scanned('verify', true, 'scan_cooldown', false)]);
  });

  test('after a one-time check-in stays valid and checks nothing in', () => {
    spec.given(HISTORIES['checked in']).when(scan({ autoStamp: true, cooldown: 0 })).then([scanned('verify', true, 'scan_cooldown', false)]);
  });

  test('after the window checks in again', () => {
    spec.given(checkedInSecondsAgo(60)).when(scan({ autoStamp: true, cooldown: 60 })).then([scanned('verify', true, null, true), CHECKED_IN, stamped(1)]);
  });

  test('a redeemed pass is not valid and gets no stamp', () => {
    spec.given(HISTORIES.redeemed).when(scan({ autoStamp: true })).then([scanned('verify', false, 'redeemed', false)]);
  });
});

describe('checking in by scan', () => {
  test('checks the pass in without a stamp', () => {
    spec.given(HISTORIES.issued).when(scan({ mode: 'checkin' })).then([scanned('checkin', true, null, true), CHECKED_IN]);
  });

  test('adds one stamp on an auto-stamping template', () => {
    spec.given(HISTORIES.issued).when(scan({ mode: 'checkin', autoStamp: true })).then([scanned('checkin', true, null, true), CHECKED_IN, stamped(1)]);
  });

  test('inside the cooldown records a scan that checked nothing in', () => {
    spec.given(checkedInSecondsAgo(30)).when(scan({ mode: 'checkin', cooldown: 60 })).then([scanned('checkin', true, 'scan_cooldown', false)]);
  });

  test('a voided pass is not valid and is not checked in', () => {
    spec.given(HISTORIES.voided).when(scan({ mode: 'checkin' })).then([scanned('checkin', false, 'voided', false)]);
  });
});

describe('scanning a pass that does not exist', () => {
  test('is not_found', () => {
    spec.given([]).when(scan()).thenThrows('not_found');
  });
});
