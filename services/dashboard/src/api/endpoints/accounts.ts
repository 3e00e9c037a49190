/** Sign-up and log-in: the calls made before there is a session. */
import type { LogInBody, SignUpBody } from '../../validation/account-forms';
import type { ApiClient } from '../api-client';
import { loginResponse, registrationResponse } from '@passes/contracts';

export function accountsApi(client: ApiClient) {
  return {
    register: (body: SignUpBody, idempotencyKey: string) => client.read(registrationResponse, { method: 'POST', path: '/auth/register', body, idempotencyKey }),
    logIn: (body: LogInBody, idempotencyKey: string) => client.read(loginResponse, { method: 'POST', path: '/auth/login', body, idempotencyKey }),
  };
}
