/** A Stripe webhook event's body and its Stripe-Signature, made as Stripe makes them (HMAC-SHA256 of `t.body`). */
import { createHmac } from 'node:crypto';

export function signedStripeEvent(type: string, object: Record<string, unknown>, secret: string, account: string): { body: string; signature: string } {
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({ id: `evt_${timestamp}_${Math.random().toString(36).slice(2)}`, object: 'event', type, account, created: timestamp, data: { object } });
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return { body, signature: `t=${timestamp},v1=${v1}` };
}
