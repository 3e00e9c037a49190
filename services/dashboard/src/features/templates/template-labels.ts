/** Names of template settings as people read them. */
import type { BarcodeFormat, DisplayFieldSlot, PassType } from '@passes/domain';

export const PASS_TYPE_LABELS: Readonly<Record<PassType, string>> = {
  loyalty: 'Loyalty card',
  stamp_card: 'Stamp card',
  gift_card: 'Gift card',
  event_ticket: 'Event ticket',
  coupon: 'Coupon',
  membership: 'Membership',
  generic: 'Generic',
};

export const BARCODE_FORMAT_LABELS: Readonly<Record<BarcodeFormat, string>> = {
  qr: 'QR code',
  pdf417: 'PDF417',
  aztec: 'Aztec',
  code128: 'Code 128',
};

export const SLOT_LABELS: Readonly<Record<DisplayFieldSlot, string>> = {
  header: 'Header fields',
  primary: 'Primary fields',
  secondary: 'Secondary fields',
  auxiliary: 'Auxiliary fields',
  back: 'Back of the pass',
};

export function cooldownSummary(seconds: number | null): string {
  if (seconds === null) return 'No cooldown';
  if (seconds === 0) return 'One check-in ever';
  return seconds % 3600 === 0 ? `${seconds / 3600} h between check-ins` : `${Math.round(seconds / 60)} min between check-ins`;
}
