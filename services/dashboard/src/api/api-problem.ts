/**
 * What went wrong with a call, in the terms the screens show it: field errors next to their fields, a
 * 402 as an invitation to upgrade, a 401 as the end of the session, everything else as a message.
 */
import { errorResponse, planRefusalResponse } from '@passes/contracts';
import { fieldErrorsOf, type FieldErrors } from '../validation/field-errors';

export type ApiProblem =
  | { kind: 'validation'; message: string; errors: FieldErrors }
  | { kind: 'upgrade'; feature: string; plan: string; message: string }
  | { kind: 'unauthorized'; message: string }
  | { kind: 'rate_limited'; message: string; retryAfterSeconds: number | null }
  | { kind: 'refused'; status: number; code: string; message: string }
  /** `503 payments_unavailable`: the service takes no online payments (docs/api.md); trying again changes nothing. */
  | { kind: 'payments_unavailable'; message: string }
  | { kind: 'server'; status: number; message: string }
  | { kind: 'network'; message: string }
  | { kind: 'malformed'; message: string };

export class ApiFailure extends Error {
  constructor(readonly problem: ApiProblem) {
    super(problem.message);
    this.name = 'ApiFailure';
  }
}

/** Anything a call threw, as a problem to show. */
export function problemOf(error: unknown): ApiProblem {
  if (error instanceof ApiFailure) return error.problem;
  return { kind: 'malformed', message: error instanceof Error ? error.message : String(error) };
}

/** Reads an error answer: the standard body, the flat 402 body (both the API's schemas), or whatever a proxy put there. */
export function problemFromAnswer(status: number, body: unknown, retryAfter: string | null): ApiProblem {
  const refusal = planRefusalResponse.safeParse(body);
  if (status === 402 && refusal.success) {
    const { feature, plan, message } = refusal.data;
    return { kind: 'upgrade', feature, plan, message };
  }
  const answer = errorResponse.safeParse(body);
  const error = answer.success ? answer.data.error : null;
  const code = error?.code ?? 'unknown';
  const message = error?.message || `The server answered ${status}.`;
  if (status === 401) return { kind: 'unauthorized', message };
  if (status === 422 && code === 'validation_error') return { kind: 'validation', message, errors: fieldErrorsOf(error?.details ?? []) };
  if (status === 429 && code === 'rate_limited') {
    const seconds = Number(retryAfter);
    return { kind: 'rate_limited', message, retryAfterSeconds: Number.isFinite(seconds) && retryAfter !== null ? seconds : null };
  }
  if (status === 503 && code === 'payments_unavailable') return { kind: 'payments_unavailable', message };
  if (status >= 500) return { kind: 'server', status, message };
  return { kind: 'refused', status, code, message };
}
