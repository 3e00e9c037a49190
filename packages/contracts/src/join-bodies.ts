/** The body of a public join (issue 38): who joins, what the join page asked, and their consent. */
import { z } from 'zod';
import { email, name } from './field-limits';

/** Digits, spaces and the usual separators, with an optional leading +: what people write a phone number as. */
const PHONE = /^\+?[0-9][0-9 ()./-]{4,28}[0-9]$/;

export const joinBody = z.strictObject({
  customer_name: name,
  customer_email: email,
  birthday: z.iso.date('must be a date as YYYY-MM-DD').optional(),
  phone: z.string().regex(PHONE, 'must be a phone number of digits, spaces and + ( ) . / -').optional(),
  consent: z.literal(true, 'must be true: the customer agrees to the consent text'),
});
export type JoinBody = z.infer<typeof joinBody>;
