/** Why a scan was not valid, in words for the person at the counter. */
import type { ScanResponse } from '@passes/contracts';

type ScanReason = NonNullable<ScanResponse['reason']>;

const REASONS: Readonly<Record<ScanReason, string>> = {
  unknown_code: 'This code belongs to no pass of this business.',
  ambiguous_barcode: 'This code belongs to more than one pass; look the customer up instead.',
  missing_signature: 'The code carries no signature: it may be copied or made up.',
  invalid_signature: 'The signature does not match: the code was altered or belongs to another pass.',
  voided: 'This pass has been voided.',
  redeemed: 'This pass has already been redeemed.',
  scan_cooldown: 'Checked in a moment ago: the template’s cooldown has not passed yet.',
};

export function scanReason(reason: ScanReason | null): string | null {
  return reason === null ? null : REASONS[reason];
}
