/**
 * Stripe for tests: Stripe's own stripe-mock on loopback (infra/stripe-mock, built from its Go module on
 * first use), which checks every request's shape against Stripe's API description, and webhook events
 * signed exactly as Stripe signs them (stripe-mock sends none).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import type { StripeSettings } from '@passes/runtime';

const SCRIPT = path.resolve(__dirname, '../../../../infra/stripe-mock/stripe-mock.sh');
export const WEBHOOK_SECRET = 'whsec_test_secret_for_the_stand_in';

export interface StripeStandIn {
  settings: StripeSettings;
  stop(): void;
}

export function startStripeMock(): StripeStandIn {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-stripe-mock-'));
  const line = execFileSync(SCRIPT, ['start', stateDir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  const url = line.replace(/^PASSES_STRIPE_API_URL=/, '');
  return {
    settings: { secretKey: 'sk_test_123', webhookSecret: WEBHOOK_SECRET, apiUrl: new URL(url), proPrice: null },
    stop: () => {
      execFileSync(SCRIPT, ['stop', stateDir], { stdio: 'inherit' });
      fs.rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

const signer = new Stripe('sk_test_signer_only');

/** A Stripe event as Stripe would post it: its body, and its Stripe-Signature made at `at`. */
export function signedEvent(type: string, object: Record<string, unknown>, at: Date, secret = WEBHOOK_SECRET): { body: string; signature: string } {
  const body = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, created: Math.floor(at.getTime() / 1000), data: { object } });
  const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: Math.floor(at.getTime() / 1000) });
  return { body, signature };
}
