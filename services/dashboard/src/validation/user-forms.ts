/** The invite and accept-invite forms, checked by the schemas of `POST /businesses/{id}/users` and `POST /auth/accept-invite`. */
import type { z } from 'zod';
import { acceptInviteBody, inviteUserBody } from '@passes/contracts';
import type { UserRole } from '@passes/domain';
import { checkWith, type Checked } from './field-errors';

export type InviteUserBody = z.output<typeof inviteUserBody>;
export type AcceptInviteBody = z.output<typeof acceptInviteBody>;

export interface InviteUserForm {
  email: string;
  role: UserRole;
}

export function checkInviteUser(form: InviteUserForm): Checked<InviteUserBody> {
  return checkWith(inviteUserBody, { ...form, email: form.email.trim() });
}

export interface AcceptInviteForm {
  name: string;
  password: string;
}

/** The name is optional: an empty field sends none. */
export function checkAcceptInvite(token: string, form: AcceptInviteForm): Checked<AcceptInviteBody> {
  return checkWith(acceptInviteBody, { token, password: form.password, ...(form.name.trim() === '' ? {} : { name: form.name }) });
}
