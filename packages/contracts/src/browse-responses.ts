/** What browsing a business's passes and customers answers (issue 38). */
import { z } from 'zod';
import { page } from './milestone-responses';
import { instant, passStatus } from './wire-formats';

/** A pass as a list shows it: who it is for, its numbers and its dates. */
export const passListItemResponse = z.strictObject({
  id: z.string(),
  serial_number: z.string(),
  external_id: z.string().nullable(),
  template_id: z.string(),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  status: passStatus,
  stamps: z.int(),
  points: z.int(),
  balance: z.number().nullable(),
  created_at: instant,
  updated_at: instant,
});
export type PassListItemResponse = z.infer<typeof passListItemResponse>;

export const passListResponse = page(passListItemResponse);
export type PassListResponse = z.infer<typeof passListResponse>;

export const customerResponse = z.strictObject({
  email: z.string(),
  /** The name on the customer's most recently changed pass that has one. */
  name: z.string().nullable(),
  passes: z.array(passListItemResponse),
  totals: z.strictObject({ passes: z.int(), active_passes: z.int(), stamps: z.int(), points: z.int() }),
  last_activity_at: instant,
});
export type CustomerResponse = z.infer<typeof customerResponse>;

export const customerListResponse = page(customerResponse);
export type CustomerListResponse = z.infer<typeof customerListResponse>;
