/**
 * Devices that registered a pass for updates in their wallet (Apple's PassKit web service). Registering
 * again with the same push token changes nothing; with a new one it records the new token. A pass of any
 * status may be registered: a voided pass stays in wallets, and its holders should see it voided.
 */
import { DomainError } from '../shared/domain-error';
import { invalidField } from '../shared/invalid-field';
import type { PassCommandOf } from './pass-commands';
import type { PassEvent } from './pass-events';
import type { Pass } from './pass-state';

/** Apple's are 32 hex digits; other wallets' differ. No `_`, so no identifier can be `__proto__`. */
const DEVICE_LIBRARY_IDENTIFIER = /^[A-Za-z0-9.:-]{1,128}$/;
/** APNs device tokens are hex; the token ends up in an APNs request path, so nothing else may pass. */
const PUSH_TOKEN = /^[0-9A-Fa-f]{16,200}$/;
/** A pass in this many wallets is shared far beyond its holder; more registrations are refused. */
export const MAX_WALLET_DEVICES = 100;

export function registerDevice({ deviceLibraryIdentifier, pushToken, now }: PassCommandOf<'RegisterDevice'>, pass: Pass): PassEvent[] {
  requireDevice(deviceLibraryIdentifier);
  if (!PUSH_TOKEN.test(pushToken)) throw invalidField('pushToken', 'must be 16 to 200 hexadecimal digits');
  const registered = pass.walletDevices[deviceLibraryIdentifier];
  if (registered === pushToken) return [];
  if (registered === undefined && Object.keys(pass.walletDevices).length >= MAX_WALLET_DEVICES) {
    throw new DomainError('conflict', `A pass can be registered on at most ${MAX_WALLET_DEVICES} devices.`);
  }
  return [{ type: 'PassInstalled', data: { device_library_identifier: deviceLibraryIdentifier, push_token: pushToken, occurred_at: now.toISOString() } }];
}

export function unregisterDevice({ deviceLibraryIdentifier, now }: PassCommandOf<'UnregisterDevice'>, pass: Pass): PassEvent[] {
  requireDevice(deviceLibraryIdentifier);
  if (!Object.hasOwn(pass.walletDevices, deviceLibraryIdentifier)) return [];
  return [{ type: 'PassUninstalled', data: { device_library_identifier: deviceLibraryIdentifier, reason: 'unregistered', occurred_at: now.toISOString() } }];
}

/** APNs refused the token: the device is forgotten, unless it has registered a new token since. */
export function rejectPushToken({ deviceLibraryIdentifier, pushToken, now }: PassCommandOf<'RejectPushToken'>, pass: Pass): PassEvent[] {
  if (pass.walletDevices[deviceLibraryIdentifier] !== pushToken) return [];
  return [{ type: 'PassUninstalled', data: { device_library_identifier: deviceLibraryIdentifier, reason: 'push_token_rejected', occurred_at: now.toISOString() } }];
}

function requireDevice(deviceLibraryIdentifier: string): void {
  if (!DEVICE_LIBRARY_IDENTIFIER.test(deviceLibraryIdentifier)) {
    throw invalidField('deviceLibraryIdentifier', 'must be 1 to 128 letters, digits, ".", ":" or "-"');
  }
}
