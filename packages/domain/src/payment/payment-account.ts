/**
 * A business's Stripe Connect account (stream `payment-account-{businessId}`): which account takes its
 * customers' payments, whether Stripe lets it take charges yet (Stripe's `account.updated`), and the
 * top-ups its passes' pages offer.
 */
import { z } from 'zod';
import { count, occurredAt } from '../events/event-fields';
import type { EventRegistry } from '../events/event-registry';
import { assertNever, type Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { invalidField } from '../shared/invalid-field';
import { requireInteger } from '../shared/require-integer';
import { MAX_PAYMENT_MINOR, MIN_PAYMENT_MINOR } from './payment-fee';

export interface PaymentAccount {
  businessId: string;
  accountId: string;
  chargesEnabled: boolean;
  connectedAt: string;
  /** The top-ups the pass pages offer, in minor units, smallest first. */
  topUpAmountsMinor: readonly number[];
}

/** What the pages offer until the business chooses: 5, 10 and 20 GBP. */
export const DEFAULT_TOP_UP_AMOUNTS_MINOR: readonly number[] = [500, 1000, 2000];
export const MAX_TOP_UP_AMOUNTS = 6;

export type PaymentAccountState = PaymentAccount | null;

export type PaymentAccountEvent =
  | { type: 'PaymentAccountConnected'; data: { business_id: string; account_id: string; occurred_at: string } }
  | { type: 'PaymentAccountUpdated'; data: { charges_enabled: boolean; occurred_at: string } }
  | { type: 'TopUpAmountsChosen'; data: { amounts_minor: number[]; occurred_at: string } };

export type PaymentAccountCommand =
  | { type: 'ConnectPaymentAccount'; businessId: string; accountId: string; now: Date }
  | { type: 'UpdatePaymentAccount'; accountId: string; chargesEnabled: boolean; now: Date }
  | { type: 'ChooseTopUpAmounts'; amountsMinor: readonly number[]; now: Date };

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
    case 'ChooseTopUpAmounts': {
      if (state === null) throw new DomainError('not_found', 'The business has no payment account yet; create it first.');
      const amounts = [...new Set(command.amountsMinor)].sort((a, b) => a - b);
      if (amounts.length === 0 || amounts.length > MAX_TOP_UP_AMOUNTS) throw invalidField('top_up_amounts', `must hold 1 to ${MAX_TOP_UP_AMOUNTS} different amounts`);
      amounts.forEach((amount) => requireInteger('top_up_amounts', amount, { min: MIN_PAYMENT_MINOR, max: MAX_PAYMENT_MINOR }));
      if (amounts.join() === state.topUpAmountsMinor.join()) return [];
      return [{ type: 'TopUpAmountsChosen', data: { amounts_minor: amounts, occurred_at } }];
    }
    default:
      return assertNever(command);
  }
}

function evolvePaymentAccount(state: PaymentAccountState, event: PaymentAccountEvent): PaymentAccountState {
  switch (event.type) {
    case 'PaymentAccountConnected':
      return {
        businessId: event.data.business_id,
        accountId: event.data.account_id,
        chargesEnabled: false,
        connectedAt: event.data.occurred_at,
        topUpAmountsMinor: DEFAULT_TOP_UP_AMOUNTS_MINOR,
      };
    case 'PaymentAccountUpdated':
      return state === null ? null : { ...state, chargesEnabled: event.data.charges_enabled };
    case 'TopUpAmountsChosen':
      return state === null ? null : { ...state, topUpAmountsMinor: event.data.amounts_minor };
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
  TopUpAmountsChosen: { version: 1, schema: z.object({ amounts_minor: z.array(count), occurred_at: occurredAt }) },
};

export const paymentAccountAggregate = { decider: paymentAccountDecider, events: paymentAccountEvents };
