/** The online payment operations (PROGRAMME §5), beside the others in api-operations.ts. */
import { z } from 'zod';
import { paymentLinkBody, publicTopUpBody, refundBody } from '../payment-bodies';
import {
  checkoutResponse,
  paymentAccountCreatedResponse,
  paymentAccountResponse,
  paymentLinkResponse,
  paymentListResponse,
  paymentResponse,
  stripeEventReceivedResponse,
} from '../payment-responses';
import { pageQuery } from '../query-parameters';
import type { ApiOperation } from './api-operation';

const API = '/api/v1';
const BUSINESS = `${API}/businesses/{business_id}`;
const UNAVAILABLE = 'Answers 503 `payments_unavailable` where the service has no Stripe keys.';

export const PAYMENT_OPERATIONS: readonly ApiOperation[] = [
  {
    method: 'post',
    path: `${BUSINESS}/payments/account`,
    operationId: 'connectPaymentAccount',
    tag: 'Payments',
    summary: "The business's Stripe Connect account (made on first use) and a fresh onboarding link (Pro, 402 `online_payments`)",
    description: UNAVAILABLE,
    access: 'credential',
    answers: { 200: { description: 'The account and its onboarding link', body: paymentAccountCreatedResponse } },
  },
  {
    method: 'get',
    path: `${BUSINESS}/payments/account`,
    operationId: 'getPaymentAccount',
    tag: 'Payments',
    summary: "The business's Connect account: whether it takes charges yet, and the service's fee",
    description: UNAVAILABLE,
    access: 'credential',
    answers: { 200: { description: 'The account', body: paymentAccountResponse } },
  },
  {
    method: 'get',
    path: `${BUSINESS}/payments`,
    operationId: 'listPayments',
    tag: 'Payments',
    summary: "The business's online payments in the caller's mode, newest first, with fee and net; a page at a time",
    description: UNAVAILABLE,
    access: 'credential',
    query: pageQuery,
    answers: { 200: { description: 'A page of payments', body: paymentListResponse } },
  },
  {
    method: 'post',
    path: `${BUSINESS}/payments/{payment_id}/refund`,
    operationId: 'refundPayment',
    tag: 'Payments',
    summary: 'Refund a payment, all that is left of it or `amount`; the fee is returned in proportion, the balance never goes below 0',
    description: `More than is left is 422. ${UNAVAILABLE}`,
    access: 'credential',
    body: refundBody,
    answers: { 200: { description: 'The payment', body: paymentResponse } },
    refusals: [409],
  },
  {
    method: 'post',
    path: `${BUSINESS}/passes/{identifier}/payment-links`,
    operationId: 'createPaymentLink',
    tag: 'Payments',
    summary: 'A Stripe Checkout page for a top-up of the pass, to send to the customer (Pro, 402 `online_payments`)',
    description: `409 \`no_balance\` (not a stored-value pass), \`pass_voided\`, or \`charges_disabled\` (onboarding not finished). ${UNAVAILABLE}`,
    access: 'credential',
    body: paymentLinkBody,
    answers: { 201: { description: 'The link', body: paymentLinkResponse } },
    refusals: [409],
  },
  {
    method: 'post',
    path: `${API}/public/passes/{serial_number}/topups`,
    operationId: 'startPublicTopUp',
    tag: 'Payments',
    summary: "A customer's top-up of their pass: `token` is their link token or the pass's download secret",
    description: `A wrong token is 404. 409 as for payment links. ${UNAVAILABLE}`,
    access: 'public',
    body: publicTopUpBody,
    answers: { 200: { description: 'Where to pay', body: checkoutResponse } },
    refusals: [404, 409, 503],
  },
  {
    method: 'post',
    path: `${API}/payments/stripe/events`,
    operationId: 'receiveStripeEvent',
    tag: 'Payments',
    summary: "Stripe's webhook, verified with its Stripe-Signature; a bad or old signature is 400 and records nothing",
    description: 'Acts on checkout.session.completed, checkout.session.expired, charge.refunded and account.updated, each exactly once. A 5xx (the store cannot record it) makes Stripe send it again.',
    access: 'public',
    body: z.looseObject({ id: z.string(), type: z.string() }),
    answers: { 200: { description: 'Received', body: stripeEventReceivedResponse } },
    refusals: [400, 503],
  },
];
