/** Sign-up and log-in: the calls made before there is a session. */
import type { LogInBody, SignUpBody } from '../../validation/account-forms';
import type { ApiClient } from '../api-client';
import { loginAnswer, registrationAnswer } from '../schemas/account-schemas';

export function accountsApi(client: ApiClient) {
  return {
    register: (body: SignUpBody, idempotencyKey: string) => client.read(registrationAnswer, { method: 'POST', path: '/auth/register', body, idempotencyKey }),
    logIn: (body: LogInBody, idempotencyKey: string) => client.read(loginAnswer, { method: 'POST', path: '/auth/login', body, idempotencyKey }),
  };
}
