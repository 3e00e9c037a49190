/** What the public customer endpoints answer. */
import { z } from 'zod';
import { instant, moneyResponse, passStatus } from './wire-formats';

export const magicLinkResponse = z.strictObject({ sent: z.literal(true) });
export type MagicLinkResponse = z.infer<typeof magicLinkResponse>;

export const customerPassResponse = z.strictObject({
  id: z.string(),
  serial_number: z.string(),
  business_name: z.string(),
  template_name: z.string(),
  customer_name: z.string().nullable(),
  status: passStatus,
  stamps: z.int().min(0),
  points: z.int().min(0),
  balance: moneyResponse.nullable(),
  download_url: z.string(),
});
export type CustomerPassResponse = z.infer<typeof customerPassResponse>;

export const customerPassListResponse = z.strictObject({ data: z.array(customerPassResponse), expires_at: instant });
export type CustomerPassListResponse = z.infer<typeof customerPassListResponse>;
