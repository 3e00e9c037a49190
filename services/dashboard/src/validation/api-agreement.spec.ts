/**
 * Most forms are checked by the API's own body schemas (@passes/contracts). The webhook form adds checks of
 * the URL's shape, which the API leaves to its address policy; over every body the API's schema judges, the
 * form must accept it, or refuse it with the same first path and message.
 */
import { describe, expect, it } from '@jest/globals';
import * as contracts from '@passes/contracts';
import type { ZodType } from 'zod';
import { detailsOfIssues, type ErrorDetail } from './field-errors';
import { createWebhookBody } from './webhook-form';

type Verdict = 'accepted' | ErrorDetail;

function dashboardVerdict(schema: ZodType, body: unknown): Verdict {
  const result = schema.safeParse(body);
  return result.success ? 'accepted' : (detailsOfIssues(result.error.issues)[0] as ErrorDetail);
}

function apiVerdict(schema: ZodType, body: unknown): Verdict {
  const result = schema.safeParse(body);
  if (result.success) return 'accepted';
  const issue = result.error.issues[0];
  return { path: (issue?.path ?? []).map(String).join('.'), message: issue?.message ?? '' };
}

function agree(dashboard: ZodType, api: ZodType, bodies: readonly unknown[]): void {
  for (const body of bodies) {
    expect({ body, verdict: dashboardVerdict(dashboard, body) }).toEqual({ body, verdict: apiVerdict(api, body) });
  }
}

const long = (length: number, char = 'a') => char.repeat(length);

describe('the dashboard refuses as the API does', () => {
  it('registering a webhook (the address policy itself is the server’s, beyond the URL’s shape)', () => {
    const ok = { url: 'https://example.com/hooks', events: ['pass.created'], description: null };
    agree(createWebhookBody, contracts.createWebhookBody, [
      ok,
      { ...ok, url: `https://example.com/${long(2040)}` },
      { ...ok, events: [] },
      { ...ok, events: ['pass.exploded'] },
      { ...ok, description: long(501) },
      { ...ok, description: 'ours\u001B[31m' },
      { ...ok, secret: 'mine' },
    ]);
  });
});
