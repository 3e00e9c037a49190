/**
 * Field errors keyed by the API's detail paths (`customer_email`, `scan_security.scan_cooldown`,
 * `display_fields.primary.0.key`), so a form shows its own checks and the API's `error.details` the same
 * way, next to the same field. The path `""` is the form as a whole.
 */
import type { z } from 'zod';

export type FieldErrors = Readonly<Record<string, string>>;

export const NO_ERRORS: FieldErrors = {};

export interface ErrorDetail {
  path: string;
  message: string;
}

/** The first message for each path wins, as a reader fixes one thing at a time. */
export function fieldErrorsOf(details: readonly ErrorDetail[]): FieldErrors {
  const errors: Record<string, string> = {};
  for (const detail of details) errors[detail.path] ??= detail.message;
  return errors;
}

export function detailsOfIssues(issues: readonly z.core.$ZodIssue[]): ErrorDetail[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** The outcome of checking a form: the body to send, or the errors to show. */
export type Checked<Body> = { ok: true; body: Body } | { ok: false; errors: FieldErrors };

export function checkWith<Schema extends z.ZodType>(schema: Schema, value: unknown): Checked<z.output<Schema>> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, body: result.data };
  return { ok: false, errors: fieldErrorsOf(detailsOfIssues(result.error.issues)) };
}
