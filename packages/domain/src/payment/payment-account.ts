/**
 * A business's Stripe Connect account (stream `payment-account-{businessId}`): which account takes its
 * customers' payments, and whether Stripe lets it take charges yet (Stripe's `account.updated`).
 */
import { z } from 'zod';
import { occurredAt } from '../events/event-fields';
import type { EventRegistry } from '../events/event-registry';
import { assertNever, type Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

export interface PaymentAccount {
  businessId: string;
  accountId: string;
  chargesEnabled: boolean;
  connectedAt: string;
}

export type PaymentAccountState = PaymentAccount | null;

export type PaymentAccountEvent =
  | { type: 'PaymentAccountConnected'; data: { business_id: string; account_id: string; occurred_at: string } }
  | { type: 'PaymentAccountUpdated'; data: { charges_enabled: boolean; occurred_at: string } };

export type PaymentAccountCommand =
  | { type: 'ConnectPaymentAccount'; businessId: string; accountId: string; now: Date }
  | { type: 'UpdatePaymentAccount'; accountId: string; chargesEnabled: boolean; now: Date };

function decidePaymentAccount(command: PaymentAccountCommand, state: PaymentAccountState): PaymentAccountEvent[] {
  const occurred_at = command.now.toISOString();
  switch (command.type) {
    case 'ConnectPaymentAccount':
      // The account made for the business once is its account for good; asking again changes nothing.
      if (state !== null) return [];
      return [{ type: 'PaymentAccountConnected', data: { business_id: command.businessId, account_id: command.accountId, occurred_at } }];
    case 'UpdatePaymentAccount':
      if (state === null || state.accountId !== command.accountId) throw new DomainError('not_found', 'No such payment account for the business.');
      if (state.chargesEnabled === command.chargesEnabled) return [];
      return [{ type: 'PaymentAccountUpdated', data: { charges_enabled: command.chargesEnabled, occurred_at } }];
    default:
      return assertNever(command);
  }
}

function evolvePaymentAccount(state: PaymentAccountState, event: PaymentAccountEvent): PaymentAccountState {
  switch (event.type) {
    case 'PaymentAccountConnected':
      return { businessId: event.data.business_id, accountId: event.data.account_id, chargesEnabled: false, connectedAt: event.data.occurred_at };
    case 'PaymentAccountUpdated':
      return state === null ? null : { ...state, chargesEnabled: event.data.charges_enabled };
    default:
      return assertNever(event);
  }
}

export const paymentAccountDecider: Decider<PaymentAccountCommand, PaymentAccountEvent, PaymentAccountState> = {
  decide: decidePaymentAccount,
  evolve: evolvePaymentAccount,
  initialState: () => null,
};

export const paymentAccountEvents: EventRegistry<PaymentAccountEvent> = {
  PaymentAccountConnected: { version: 1, schema: z.object({ business_id: z.string(), account_id: z.string(), occurred_at: occurredAt }) },
  PaymentAccountUpdated: { version: 1, schema: z.object({ charges_enabled: z.boolean(), occurred_at: occurredAt }) },
};

export const paymentAccountAggregate = { decider: paymentAccountDecider, events: paymentAccountEvents };
