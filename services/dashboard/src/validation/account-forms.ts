/** Sign-up and log-in forms, checked as `POST /auth/register` and `POST /auth/login` check them. */
import * as z from 'zod/mini';
import { checkWith, type Checked } from './field-errors';
import { email, name, password } from './field-rules';

export const signUpBody = z.strictObject({ business_name: name, email, password });
export type SignUpBody = z.infer<typeof signUpBody>;

export interface SignUpForm {
  business_name: string;
  email: string;
  password: string;
}

export function checkSignUp(form: SignUpForm): Checked<SignUpBody> {
  return checkWith(signUpBody, { ...form, email: form.email.trim() });
}

export const logInBody = z.strictObject({
  email: z.string().check(z.minLength(1, 'enter your email'), z.maxLength(254)),
  password: z.string().check(z.minLength(1, 'enter your password'), z.maxLength(200)),
});
export type LogInBody = z.infer<typeof logInBody>;

export function checkLogIn(form: LogInBody): Checked<LogInBody> {
  return checkWith(logInBody, { ...form, email: form.email.trim() });
}
