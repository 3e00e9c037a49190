/** A pass's status in the words its holder reads on the pages. */
import type { PassStatus } from '@passes/domain';

export const PASS_STATUS_LABELS: Readonly<Record<PassStatus, string>> = { active: 'Active', checked_in: 'Checked in', redeemed: 'Redeemed', voided: 'Voided' };
