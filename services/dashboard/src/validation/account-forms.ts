/**
 * Sign-up, log-in and password forms, checked by the schemas of `POST /auth/register`, `POST /auth/login`,
 * `POST /auth/password`, `POST /auth/password-reset` and `POST /auth/password-reset/complete`.
 */
import type { z } from 'zod';
import { changePasswordBody, loginBody, passwordResetBody, passwordResetRequestBody, registerBody } from '@passes/contracts';
import { checkWith, type Checked } from './field-errors';

export type SignUpBody = z.output<typeof registerBody>;

export interface SignUpForm {
  business_name: string;
  email: string;
  password: string;
}

export function checkSignUp(form: SignUpForm): Checked<SignUpBody> {
  return checkWith(registerBody, { ...form, email: form.email.trim() });
}

/** The API answers any log-in it cannot match with 401; the form asks for both fields before it sends. */
const logInBody = loginBody.extend({
  email: loginBody.shape.email.min(1, 'enter your email'),
  password: loginBody.shape.password.min(1, 'enter your password'),
});
export type LogInBody = z.output<typeof logInBody>;

export function checkLogIn(form: LogInBody): Checked<LogInBody> {
  return checkWith(logInBody, { ...form, email: form.email.trim() });
}

export type PasswordResetRequestBody = z.output<typeof passwordResetRequestBody>;

export function checkPasswordResetRequest(email: string): Checked<PasswordResetRequestBody> {
  return checkWith(passwordResetRequestBody, { email: email.trim() });
}

export type PasswordResetBody = z.output<typeof passwordResetBody>;

export function checkPasswordReset(token: string, password: string): Checked<PasswordResetBody> {
  return checkWith(passwordResetBody, { token, password });
}

/** The current password is asked for before anything is sent, as log-in asks for its fields. */
const changePasswordForm = changePasswordBody.extend({ current_password: changePasswordBody.shape.current_password.min(1, 'enter your current password') });
export type ChangePasswordBody = z.output<typeof changePasswordBody>;

export function checkChangePassword(form: ChangePasswordBody): Checked<ChangePasswordBody> {
  return checkWith(changePasswordForm, form);
}
