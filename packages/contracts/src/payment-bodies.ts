/** Bodies of the online payment endpoints (PROGRAMME §5): top-up amounts are 1.00–1000.00 GBP with at most 2 decimals. */
import { MAX_PAYMENT_MINOR, MAX_TOP_UP_AMOUNTS, MIN_PAYMENT_MINOR, minorUnitsToNumber } from '@passes/domain';
import { z } from 'zod';
import { money } from './field-limits';

const MIN = minorUnitsToNumber(MIN_PAYMENT_MINOR);
const MAX = minorUnitsToNumber(MAX_PAYMENT_MINOR);

const topUpAmount = money.refine((value) => value >= MIN && value <= MAX, `must be from ${MIN.toFixed(2)} to ${MAX.toFixed(2)}`);

export const paymentLinkBody = z.strictObject({ amount: topUpAmount });

/** `token`: the customer's link token, or the download secret of the pass's link. */
export const publicTopUpBody = z.strictObject({ amount: topUpAmount, token: z.string().min(1, 'must not be empty').max(2048) });

/** Absent: all that is left of the payment. */
export const refundBody = z.strictObject({ amount: money.refine((value) => value > 0, 'must be more than 0').optional() });

/** The top-ups the passes' pages offer: 1 to 6 amounts, each as a top-up may be. */
export const topUpAmountsBody = z.strictObject({ top_up_amounts: z.array(topUpAmount).min(1, 'must hold at least 1 amount').max(MAX_TOP_UP_AMOUNTS, `must hold at most ${MAX_TOP_UP_AMOUNTS} amounts`) });
