/**
 * A template's scan security (spec: Scan security): signed barcodes, the check-in cooldown and
 * auto-stamp on scan. Pass rules read it; template rules keep it valid.
 */
import { invalidField } from '../shared/invalid-field';

/** null = no cooldown, 0 = one check-in ever, n = seconds that must pass between two check-ins. */
export type ScanCooldown = number | null;

export interface ScanSecurity {
  signedBarcodes: boolean;
  scanCooldown: ScanCooldown;
  autoStampOnScan: boolean;
}

export const DEFAULT_SCAN_SECURITY: ScanSecurity = { signedBarcodes: false, scanCooldown: null, autoStampOnScan: false };

/** A cooldown window runs from one minute to one day (spec: Limits). */
export const MIN_SCAN_COOLDOWN_SECONDS = 60;
export const MAX_SCAN_COOLDOWN_SECONDS = 86_400;

export const SCAN_COOLDOWN_RULE = `must be null (no cooldown), 0 (one check-in) or ${MIN_SCAN_COOLDOWN_SECONDS} to ${MAX_SCAN_COOLDOWN_SECONDS} seconds`;

export function isValidScanCooldown(cooldown: ScanCooldown): boolean {
  if (cooldown === null || cooldown === 0) return true;
  return Number.isInteger(cooldown) && cooldown >= MIN_SCAN_COOLDOWN_SECONDS && cooldown <= MAX_SCAN_COOLDOWN_SECONDS;
}

export function requireValidScanSecurity(security: ScanSecurity): void {
  if (!isValidScanCooldown(security.scanCooldown)) throw invalidField('scan_security.scan_cooldown', SCAN_COOLDOWN_RULE);
}
