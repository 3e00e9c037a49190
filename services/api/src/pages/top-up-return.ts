/**
 * What a pass's page says when Stripe Checkout sends the holder back to it (`?topup=paid&session=…`, or
 * `?topup=cancelled`). Checkout returns before Stripe's notice has credited the pass, so until the page's
 * pass holds the session as paid it says the payment is being credited and reloads itself, a bounded
 * number of times: a `<meta http-equiv="refresh">`, so the page keeps its CSP with no script at all and
 * works where scripts are off. After the last try it says the payment is received and stops.
 */
import { isPaid, type Pass } from '@passes/domain';
import type { Request } from 'express';
import type { PageRefresh } from './page-document';

export type TopUpReturn =
  | { kind: 'cancelled' }
  /** The pass holds the session as paid: the balance on the page has the top-up. */
  | { kind: 'credited'; amountMinor: number }
  /** Not credited yet: the page reloads itself, its next try. */
  | { kind: 'crediting'; refresh: PageRefresh }
  /** Not credited after the last try, or a session the page cannot follow: received, the balance will follow. */
  | { kind: 'received' };

/** Seconds between tries, and how many: Stripe's notice usually comes within seconds, rarely after half a minute. */
const REFRESH_SECONDS = 3;
const REFRESH_TRIES = 10;

/** Stripe's Checkout Session ids; anything else in the query is not followed (nor put back into a URL). */
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;
const TRY = /^\d{1,2}$/;

const textOf = (request: Request, name: string): string | null => {
  const value = request.query[name];
  return typeof value === 'string' ? value : null;
};

/** What the request's query says Checkout sent back, judged against the pass as the page shows it; null: nothing. */
export function topUpReturnOf(pass: Pass, request: Request): TopUpReturn | null {
  const returned = textOf(request, 'topup');
  if (returned === 'cancelled') return { kind: 'cancelled' };
  if (returned !== 'paid') return null;
  const session = textOf(request, 'session');
  if (session === null || !SESSION_ID.test(session)) return { kind: 'received' };
  const payment = Object.values(pass.payments).find((held) => held.checkoutSessionId === session);
  if (payment !== undefined && isPaid(payment)) return { kind: 'credited', amountMinor: payment.amountMinor };
  const tried = TRY.test(textOf(request, 'try') ?? '') ? Number(textOf(request, 'try')) : 0;
  if (tried >= REFRESH_TRIES) return { kind: 'received' };
  // Relative to the page itself: only the query changes, and the page opens at its top-up section.
  const next = new URLSearchParams({ topup: 'paid', session, try: String(tried + 1) });
  return { kind: 'crediting', refresh: { seconds: REFRESH_SECONDS, url: `?${next.toString()}#topup` } };
}
