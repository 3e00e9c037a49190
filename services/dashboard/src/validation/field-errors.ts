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

/**
 * The errors still about what a form holds: an error whose field was edited since the check that found it
 * goes at once (the field may be right now), and comes back at the next check if it is still wrong.
 * `checked` is the form as it was checked, `current` as it is; paths name fields of both.
 */
export function stillStanding(errors: FieldErrors, checked: unknown, current: unknown): FieldErrors {
  const valueAt = (value: unknown, path: string) =>
    path.split('.').reduce<unknown>((inner, part) => (typeof inner === 'object' && inner !== null ? Reflect.get(inner, part) : undefined), value);
  return Object.fromEntries(Object.entries(errors).filter(([path]) => path === '' || JSON.stringify(valueAt(checked, path)) === JSON.stringify(valueAt(current, path))));
}

/** The outcome of checking a form: the body to send, or the errors to show. */
export type Checked<Body> = { ok: true; body: Body } | { ok: false; errors: FieldErrors };

export function checkWith<Schema extends z.ZodType>(schema: Schema, value: unknown): Checked<z.output<Schema>> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, body: result.data };
  return { ok: false, errors: fieldErrorsOf(detailsOfIssues(result.error.issues)) };
}
