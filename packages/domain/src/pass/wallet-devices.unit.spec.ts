import { describe, test } from '@jest/globals';
import { deciderSpec } from '../testing/decider-spec';
import { HISTORIES, NOW, OCCURRED_AT, passIssued } from '../testing/pass-fixtures';
import { passDecider } from './pass-decider';
import type { PassEvent } from './pass-events';
import { MAX_WALLET_DEVICES } from './wallet-devices';

const spec = deciderSpec(passDecider);

const DEVICE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const TOKEN = 'f'.repeat(64);
const NEW_TOKEN = 'e'.repeat(64);

const register = (deviceLibraryIdentifier = DEVICE, pushToken = TOKEN) => ({ type: 'RegisterDevice' as const, deviceLibraryIdentifier, pushToken, now: NOW });
const unregister = (deviceLibraryIdentifier = DEVICE) => ({ type: 'UnregisterDevice' as const, deviceLibraryIdentifier, now: NOW });
const rejectToken = (pushToken = TOKEN) => ({ type: 'RejectPushToken' as const, deviceLibraryIdentifier: DEVICE, pushToken, now: NOW });
const installed = (device = DEVICE, push_token = TOKEN, occurred_at = OCCURRED_AT): PassEvent => ({
  type: 'PassInstalled',
  data: { device_library_identifier: device, push_token, occurred_at },
});
const uninstalled = (reason: 'unregistered' | 'push_token_rejected'): PassEvent => ({
  type: 'PassUninstalled',
  data: { device_library_identifier: DEVICE, reason, occurred_at: OCCURRED_AT },
});
const EARLIER = '2026-11-21T09:10:00.000Z';

describe('registering a device for a pass’s updates', () => {
  test('records PassInstalled with the device and its push token', () => {
    spec.given(HISTORIES.issued).when(register()).then([installed()]);
  });

  test('on a voided pass too: it stays in the wallet, and should show that it is void', () => {
    spec.given(HISTORIES.voided).when(register()).then([installed()]);
  });

  test('again with the same push token records nothing', () => {
    spec.given([passIssued(), installed(DEVICE, TOKEN, EARLIER)]).when(register()).then([]);
  });

  test('again with a new push token records the new token', () => {
    spec.given([passIssued(), installed(DEVICE, TOKEN, EARLIER)]).when(register(DEVICE, NEW_TOKEN)).then([installed(DEVICE, NEW_TOKEN)]);
  });

  test.each([
    ['a device identifier with a slash', register('a/b')],
    ['a device identifier named like a prototype', register('__proto__')],
    ['an empty device identifier', register('')],
    ['a push token that is not hex', register(DEVICE, 'not-a-token-at-all')],
    ['a push token with a path in it', register(DEVICE, `${TOKEN}/../x`)],
  ])('refuses %s', (_case, command) => {
    spec.given(HISTORIES.issued).when(command).thenThrows('validation_error');
  });

  test(`refuses a device beyond the ${MAX_WALLET_DEVICES}th`, () => {
    const full = [passIssued(), ...Array.from({ length: MAX_WALLET_DEVICES }, (_, index) => installed(`device-${index}`, TOKEN, EARLIER))];
    spec.given(full).when(register()).thenThrows('conflict');
    spec.given(full).when(register('device-0', NEW_TOKEN)).then([installed('device-0', NEW_TOKEN)]);
  });

  test('of a pass that was never issued is not_found', () => {
    spec.given([]).when(register()).thenThrows('not_found');
  });
});

describe('unregistering a device', () => {
  test('records PassUninstalled', () => {
    spec.given([passIssued(), installed(DEVICE, TOKEN, EARLIER)]).when(unregister()).then([uninstalled('unregistered')]);
  });

  test('that is not registered records nothing', () => {
    spec.given(HISTORIES.issued).when(unregister()).then([]);
  });
});

describe('a push token APNs rejected', () => {
  test('forgets the device that registered it', () => {
    spec.given([passIssued(), installed(DEVICE, TOKEN, EARLIER)]).when(rejectToken()).then([uninstalled('push_token_rejected')]);
  });

  test('keeps a device that has registered a new token since', () => {
    spec.given([passIssued(), installed(DEVICE, TOKEN, EARLIER), installed(DEVICE, NEW_TOKEN, EARLIER)]).when(rejectToken()).then([]);
  });
});
