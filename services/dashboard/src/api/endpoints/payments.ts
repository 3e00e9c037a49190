/** Online payments (PROGRAMME §5): the Connect account, the payments list, refunds, and Pro by subscription. */
import { checkoutResponse, paymentAccountCreatedResponse, paymentAccountResponse, paymentListResponse, paymentResponse, subscriptionResponse } from '@passes/contracts';
import { ApiFailure } from '../api-problem';
import { segment, type ApiClient } from '../api-client';

/** Payments the screen shows at a time; "Show more" reads the next page. */
const PAGE_SIZE = 25;

export function paymentsApi(client: ApiClient, business: string) {
  const payments = `${business}/payments`;
  return {
    /** Null before the business has made its account. */
    account: async () => {
      try {
        return await client.read(paymentAccountResponse, { method: 'GET', path: `${payments}/account` });
      } catch (error) {
        if (error instanceof ApiFailure && error.problem.kind === 'refused' && error.problem.status === 404) return null;
        throw error;
      }
    },
    chooseTopUpAmounts: (amounts: number[], idempotencyKey: string) =>
      client.read(paymentAccountResponse, { method: 'PATCH', path: `${payments}/account`, body: { top_up_amounts: amounts }, idempotencyKey }),
    connect: (idempotencyKey: string) => client.read(paymentAccountCreatedResponse, { method: 'POST', path: `${payments}/account`, idempotencyKey }),
    list: (cursor: string | null = null) =>
      client.read(paymentListResponse, { method: 'GET', path: payments, query: cursor === null ? { limit: PAGE_SIZE } : { limit: PAGE_SIZE, cursor } }),
    subscription: () => client.read(subscriptionResponse, { method: 'GET', path: `${business}/subscription` }),
    subscribe: (idempotencyKey: string) => client.read(checkoutResponse, { method: 'POST', path: `${business}/subscription`, idempotencyKey }),
    cancelSubscription: () => client.read(subscriptionResponse, { method: 'DELETE', path: `${business}/subscription` }),
    refund: (id: string, amount: number | null, idempotencyKey: string) =>
      client.read(paymentResponse, { method: 'POST', path: `${payments}/${segment(id)}/refund`, body: amount === null ? {} : { amount }, idempotencyKey }),
  };
}
