/** Sign-up, log-in and passwords: the calls made before there is a session, and the user's own password change. */
import { loginResponse, passwordResetRequestResponse, registrationResponse } from '@passes/contracts';
import type { ChangePasswordBody, LogInBody, PasswordResetBody, PasswordResetRequestBody, SignUpBody } from '../../validation/account-forms';
import type { AcceptInviteBody } from '../../validation/user-forms';
import type { ApiClient } from '../api-client';

export function accountsApi(client: ApiClient) {
  return {
    register: (body: SignUpBody, idempotencyKey: string) => client.read(registrationResponse, { method: 'POST', path: '/auth/register', body, idempotencyKey }),
    logIn: (body: LogInBody, idempotencyKey: string) => client.read(loginResponse, { method: 'POST', path: '/auth/login', body, idempotencyKey }),
    acceptInvite: (body: AcceptInviteBody, idempotencyKey: string) => client.read(loginResponse, { method: 'POST', path: '/auth/accept-invite', body, idempotencyKey }),
    requestPasswordReset: (body: PasswordResetRequestBody, idempotencyKey: string) =>
      client.read(passwordResetRequestResponse, { method: 'POST', path: '/auth/password-reset', body, idempotencyKey }),
    changePassword: (body: ChangePasswordBody, idempotencyKey: string) => client.read(loginResponse, { method: 'POST', path: '/auth/password', body, idempotencyKey }),
    resetPassword: (body: PasswordResetBody, idempotencyKey: string) => client.read(loginResponse, { method: 'POST', path: '/auth/password-reset/complete', body, idempotencyKey }),
  };
}
