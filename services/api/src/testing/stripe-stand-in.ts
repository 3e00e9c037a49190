/**
 * Stripe for tests: Stripe's own stripe-mock on loopback (infra/stripe-mock, built from its Go module on
 * first use), which checks every request's shape against Stripe's API description, and webhook events
 * signed exactly as Stripe signs them (stripe-mock sends none). stripe-mock answers from fixed fixtures
 * (a session is always open and unpaid, its Checkout page on Stripe's site), so a small proxy in front
 * of it remembers the sessions made, serves each one's Checkout page itself (a "Pay" link back to the
 * session's success_url), and, for one a test has "paid", answers its retrieval as Stripe would.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import type { StripeSettings } from '@passes/runtime';

const SCRIPT = path.resolve(__dirname, '../../../../infra/stripe-mock/stripe-mock.sh');
export const WEBHOOK_SECRET = 'whsec_test_secret_for_the_stand_in';

export interface StripeStandIn {
  settings: StripeSettings;
  /** The Checkout Sessions made through it, oldest first. */
  readonly sessions: string[];
  /** From now on the session reads as paid, for `amountMinor`. */
  pay(sessionId: string, amountMinor: number): void;
  stop(): Promise<void>;
}

export async function startStripeMock(): Promise<StripeStandIn> {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-stripe-mock-'));
  const line = execFileSync(SCRIPT, ['start', stateDir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  const mock = new URL(line.replace(/^PASSES_STRIPE_API_URL=/, ''));
  const sessions: string[] = [];
  const paid = new Map<string, number>();
  const successUrls = new Map<string, string>();
  let origin = '';
  const proxy = http.createServer((request, response) => {
    const checkout = /^\/checkout\/([^/?]+)$/.exec(request.url ?? '')?.[1];
    if (request.method === 'GET' && checkout !== undefined) {
      const back = successUrls.get(checkout) ?? '';
      const page = `<!doctype html><title>Stripe Checkout (stand-in)</title><h1>Checkout ${checkout}</h1><a id="pay" href="${back.replace(/"/g, '&quot;')}">Pay</a>`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const forwarded = http.request({ host: mock.hostname, port: mock.port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => parts.push(chunk));
        answer.on('end', () => {
          let body = Buffer.concat(parts);
          const isSession = request.url?.startsWith('/v1/checkout/sessions') === true && answer.statusCode === 200;
          if (isSession && request.method === 'POST') {
            const session = JSON.parse(body.toString()) as Record<string, unknown> & { id: string };
            sessions.push(session.id);
            // As Stripe does, the session's id in place of `{CHECKOUT_SESSION_ID}`.
            const successUrl = new URLSearchParams(Buffer.concat(chunks).toString()).get('success_url') ?? '';
            successUrls.set(session.id, successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id));
            body = Buffer.from(JSON.stringify({ ...session, url: `${origin}/checkout/${session.id}` }));
          }
          const asked = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(request.url ?? '')?.[1];
          const amount = asked === undefined ? undefined : paid.get(asked);
          if (isSession && request.method === 'GET' && asked !== undefined && amount !== undefined) {
            const session = JSON.parse(body.toString()) as Record<string, unknown>;
            body = Buffer.from(JSON.stringify({ ...session, id: asked, status: 'complete', payment_status: 'paid', amount_total: amount }));
          }
          const { 'transfer-encoding': _chunked, connection: _connection, ...kept } = answer.headers;
          const headers = { ...kept, 'content-length': String(body.length) };
          response.writeHead(answer.statusCode ?? 502, headers).end(body);
        });
      });
      forwarded.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    settings: { secretKey: 'sk_test_123', webhookSecret: WEBHOOK_SECRET, apiUrl: new URL(origin), proPrice: null },
    sessions,
    pay: (sessionId, amountMinor) => void paid.set(sessionId, amountMinor),
    stop: async () => {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      execFileSync(SCRIPT, ['stop', stateDir], { stdio: 'inherit' });
      fs.rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

const signer = new Stripe('sk_test_signer_only');

/**
 * A Stripe event as Stripe would post it: its body, and its Stripe-Signature made at `at`. `account` is the
 * connected account it happened on (Connect events carry it), absent for the platform's own.
 */
export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  at: Date,
  { secret = WEBHOOK_SECRET, account }: { secret?: string; account?: string } = {},
): { body: string; signature: string } {
  const envelope = { id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, created: Math.floor(at.getTime() / 1000), data: { object } };
  const body = JSON.stringify(account === undefined ? envelope : { ...envelope, account });
  const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: Math.floor(at.getTime() / 1000) });
  return { body, signature };
}
