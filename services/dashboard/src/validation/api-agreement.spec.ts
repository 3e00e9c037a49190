/**
 * The dashboard's forms refuse what the API refuses, in the same words, on the same field: each body
 * below goes through the dashboard's schema and through the API's own (@passes/contracts), and both
 * must accept it, or refuse it with the same first path and message.
 */
import { describe, expect, it } from '@jest/globals';
import * as contracts from '@passes/contracts';
import type { ZodType } from 'zod';
import type * as z from 'zod/mini';
import { signUpBody } from './account-forms';
import { createApiKeyBody } from './api-key-form';
import { detailsOfIssues, type ErrorDetail } from './field-errors';
import { issuePassBody } from './issue-pass-form';
import { templateBody } from './template-form';
import { createWebhookBody } from './webhook-form';

type Verdict = 'accepted' | ErrorDetail;

function dashboardVerdict(schema: z.ZodMiniType, body: unknown): Verdict {
  const result = schema.safeParse(body);
  return result.success ? 'accepted' : (detailsOfIssues(result.error.issues)[0] as ErrorDetail);
}

function apiVerdict(schema: ZodType, body: unknown): Verdict {
  const result = schema.safeParse(body);
  if (result.success) return 'accepted';
  const issue = result.error.issues[0];
  return { path: (issue?.path ?? []).map(String).join('.'), message: issue?.message ?? '' };
}

function agree(dashboard: z.ZodMiniType, api: ZodType, bodies: readonly unknown[]): void {
  for (const body of bodies) {
    expect({ body, verdict: dashboardVerdict(dashboard, body) }).toEqual({ body, verdict: apiVerdict(api, body) });
  }
}

const long = (length: number, char = 'a') => char.repeat(length);

describe('the dashboard refuses as the API does', () => {
  it('signing up', () => {
    const ok = { business_name: 'Corner Café', email: 'owner@example.com', password: 'correct-horse-battery' };
    agree(signUpBody, contracts.registerBody, [
      ok,
      { ...ok, business_name: '   ' },
      { ...ok, business_name: long(201) },
      { ...ok, business_name: 'Tab\there' },
      { ...ok, email: 'not-an-email' },
      { ...ok, email: `${long(250)}@example.com` },
      { ...ok, password: 'short' },
      { ...ok, password: long(201) },
      { ...ok, extra: true },
    ]);
  });

  it('issuing a pass', () => {
    const ok = { template_id: 'tpl-1' };
    agree(issuePassBody, contracts.issuePassBody, [
      ok,
      { ...ok, customer_name: 'Ada', customer_email: 'ada@example.com', external_id: 'crm-1', points: 10, initial_balance: 12.5 },
      { template_id: '' },
      { ...ok, customer_email: 'ada@' },
      { ...ok, external_id: ' padded ' },
      { ...ok, external_id: long(129) },
      { ...ok, external_id: 'line\nbreak' },
      { ...ok, external_id: 'member\u202E1815' },
      { ...ok, external_id: 'member\u200B1815' },
      { ...ok, external_id: 'member\uD800' },
      { ...ok, customer_name: 'Ada\u2066Lovelace' },
      { ...ok, customer_name: 'Zoë 👩‍💻' },
      { ...ok, barcode_data: 'CODE\u0000' },
      { ...ok, nfc_data: 'tap\u0007' },
      { ...ok, points: -1 },
      { ...ok, points: 1.5 },
      { ...ok, points: 1_000_000_001 },
      { ...ok, initial_balance: 1.005 },
      { ...ok, initial_balance: 1e-9 },
      { ...ok, initial_balance: 0.30000000000000004 },
      { ...ok, initial_balance: 0.3 },
      { ...ok, initial_balance: -2 },
      { ...ok, initial_balance: 100_000_001 },
      { ...ok, barcode_data: long(2049) },
      { ...ok, nfc_data: long(65) },
      { ...ok, nfc_data: long(22, '€') },
      { ...ok, nfc_data: long(21, '€') },
      { ...ok, metadata: { tier: 'gold', visits: 3, vip: true } },
      { ...ok, metadata: { [long(41)]: 'x' } },
      { ...ok, metadata: { note: long(501) } },
      { ...ok, metadata: { note: 'first line\nsecond line' } },
      { ...ok, metadata: { note: 'bell\u0007' } },
      { ...ok, metadata: { 'seat\u200B': '4A' } },
      { ...ok, metadata: Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`k${index}`, index])) },
      { ...ok, colour: 'blue' },
    ]);
  });

  it('creating a template', () => {
    const ok = {
      name: 'Coffee card',
      pass_type: 'stamp_card',
      description: null,
      logo_text: 'Corner Café',
      colors: { background: '#1f4fd1', foreground: '#FFFFFF', label: '#D6E0FF' },
      display_fields: { header: [], primary: [{ key: 'coffees', label: 'Coffees', value: 'Buy 9' }], secondary: [], auxiliary: [], back: [] },
      barcode_format: 'qr',
      nfc_message: null,
      currency: 'GBP',
      stamps_for_reward: 10,
      scan_security: { signed_barcodes: true, scan_cooldown: 300, auto_stamp_on_scan: false },
    };
    const fields = (primary: unknown) => ({ ...ok, display_fields: { ...ok.display_fields, primary } });
    agree(templateBody, contracts.createTemplateBody, [
      ok,
      { ...ok, name: '' },
      { ...ok, pass_type: 'boarding_pass' },
      { ...ok, description: long(501) },
      { ...ok, logo_text: long(61) },
      { ...ok, colors: { ...ok.colors, background: 'blue' } },
      { ...ok, colors: { ...ok.colors, label: '#12345' } },
      fields([{ key: 'has space', label: 'L', value: 'V' }]),
      fields([{ key: 'k', label: 'L', value: '' }]),
      fields([{ key: 'k', label: long(61), value: 'V' }]),
      fields([{ key: 'k', label: 'L', value: 'Mon–Fri 8–18\nSat 9–13' }]),
      fields([{ key: 'k', label: 'L\nL', value: 'V' }]),
      { ...ok, nfc_message: 'hello\u0000' },
      fields([1, 2, 3].map((index) => ({ key: `k${index}`, label: 'L', value: 'V' }))),
      { ...ok, barcode_format: 'datamatrix' },
      { ...ok, nfc_message: long(65) },
      { ...ok, currency: 'gbp' },
      { ...ok, stamps_for_reward: 0 },
      { ...ok, stamps_for_reward: 101 },
      { ...ok, stamps_for_reward: 2.5 },
      ...[null, 0, 59, 60, 86_400, 86_401, 90.5].map((scan_cooldown) => ({ ...ok, scan_security: { ...ok.scan_security, scan_cooldown } })),
      { ...ok, scan_security: { ...ok.scan_security, signed_barcodes: 'yes' } },
    ]);
  });

  it('creating an API key', () => {
    agree(createApiKeyBody, contracts.createApiKeyBody, [
      { name: 'Till 1', mode: 'live', scopes: ['read', 'write'] },
      { name: 'Website', mode: 'test', scopes: ['read'] },
      { name: '', mode: 'live', scopes: ['read'] },
      { name: 'Till', mode: 'staging', scopes: ['read'] },
      { name: 'Till', mode: 'live', scopes: [] },
    ]);
  });

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
