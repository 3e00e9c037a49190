/** The roles as the team page names them, and what each may do (docs/api.md, Users and roles). */
import type { UserRole } from '@passes/domain';

export function roleName(role: UserRole): string {
  return ROLE_CHOICES.find((choice) => choice.value === role)?.label ?? role;
}

export const ROLE_CHOICES: readonly { value: UserRole; label: string; can: string }[] = [
  { value: 'staff', label: 'Staff', can: 'Scan, stamp, add points, check in, redeem, charge and top up; see passes.' },
  { value: 'manager', label: 'Manager', can: 'All that staff do, and issue passes, design templates, set reward milestones, run campaigns and automations, see analytics.' },
  { value: 'owner', label: 'Owner', can: 'Everything, including API keys, webhooks, the team, the Stripe account and the subscription.' },
];
