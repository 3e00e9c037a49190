/** Log-in asks for both fields before it sends; sign-up and password reset are the API's own checks of the trimmed form. */
import { describe, expect, it } from '@jest/globals';
import { checkChangePassword, checkLogIn, checkPasswordReset, checkPasswordResetRequest, checkSignUp } from './account-forms';

describe('the account forms', () => {
  it('log-in: sends the trimmed email, and asks for what is blank', () => {
    expect(checkLogIn({ email: ' owner@example.com ', password: 'pw' })).toEqual({ ok: true, body: { email: 'owner@example.com', password: 'pw' } });
    expect(checkLogIn({ email: '', password: '' })).toEqual({ ok: false, errors: { email: 'enter your email', password: 'enter your password' } });
  });

  it('sign-up: refuses as the API does, on the same fields', () => {
    expect(checkSignUp({ business_name: '  ', email: ' owner@example.com ', password: 'short' })).toEqual({
      ok: false,
      errors: { business_name: 'must not be empty', password: 'must be at least 10 characters' },
    });
  });

  it('forgotten password: sends the trimmed address, and a new password as the API checks it', () => {
    expect(checkPasswordResetRequest(' owner@example.com ')).toEqual({ ok: true, body: { email: 'owner@example.com' } });
    expect(checkPasswordResetRequest('owner')).toMatchObject({ ok: false, errors: { email: expect.any(String) } });
    expect(checkPasswordReset('token', 'long-enough-password')).toEqual({ ok: true, body: { token: 'token', password: 'long-enough-password' } });
    expect(checkPasswordReset('token', 'short')).toEqual({ ok: false, errors: { password: 'must be at least 10 characters' } });
  });

  it('password change: asks for the current password, and a new one as the API checks it', () => {
    expect(checkChangePassword({ current_password: '', new_password: 'short' })).toEqual({
      ok: false,
      errors: { current_password: 'enter your current password', new_password: 'must be at least 10 characters' },
    });
    expect(checkChangePassword({ current_password: 'old', new_password: 'long-enough-password' })).toEqual({ ok: true, body: { current_password: 'old', new_password: 'long-enough-password' } });
  });
});
