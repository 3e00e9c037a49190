/**
 * A scan (spec: Scan security). It is always recorded as PassScanned. A forged or unsigned barcode on a
 * signing template, and a voided or redeemed pass, are not valid and change nothing. A check-in scan,
 * and a verify on an auto-stamping template, also check the pass in (auto-stamp adds one stamp), as
 * far as the cooldown allows.
 */
import { addStamps } from './add-stamps';
import { checkIn, cooldownRefusal } from './check-in';
import type { ScanPassCommand, SignatureCheck } from './pass-commands';
import type { PassEvent, PassScannedData, PassStatus, ScanReason } from './pass-events';
import type { Pass } from './pass-state';

export function scanPass(command: ScanPassCommand, pass: Pass): PassEvent[] {
  const { mode, autoStamp, cooldown, milestones, now } = command;
  const scanned = (valid: boolean, reason: ScanReason | null, checked_in: boolean): PassEvent => ({
    type: 'PassScanned',
    data: { mode, valid, reason, checked_in, occurred_at: now.toISOString() } satisfies PassScannedData,
  });
  const invalidity = scanInvalidity(command.signature, pass.status);
  if (invalidity) return [scanned(false, invalidity, false)];
  if (mode === 'verify' && !autoStamp) return [scanned(true, null, false)];
  if (cooldownRefusal(pass.checkedInAt, cooldown, now)) return [scanned(true, 'scan_cooldown', false)];
  const checkedIn = checkIn({ type: 'CheckIn', cooldown, now }, pass);
  const stamped = autoStamp ? addStamps({ type: 'AddStamps', count: 1, milestones, now }, pass) : [];
  return [scanned(true, null, true), ...checkedIn, ...stamped];
}

/** Why a pass with this status, scanned with this signature, is not valid; null when it is. */
export function scanInvalidity(signature: SignatureCheck, status: PassStatus): ScanReason | null {
  return signatureProblem(signature) ?? statusProblem(status);
}

function signatureProblem(signature: SignatureCheck): ScanReason | null {
  if (signature === 'missing') return 'missing_signature';
  if (signature === 'invalid') return 'invalid_signature';
  return null;
}

function statusProblem(status: PassStatus): ScanReason | null {
  return status === 'voided' || status === 'redeemed' ? status : null;
}
