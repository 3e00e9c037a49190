/** Log-in asks for both fields before it sends; sign-up is the API's own check of the trimmed form. */
import { describe, expect, it } from '@jest/globals';
import { checkLogIn, checkSignUp } from './account-forms';

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
});
