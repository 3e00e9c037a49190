/**
 * Stripe's settings for online payments (PROGRAMME §5): both keys, or neither (then payments answer
 * `payments_unavailable`). The API's address is Stripe's by default; tests point it at stripe-mock on
 * loopback, the only place plain http is allowed.
 */
import { z } from 'zod';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  apiUrl: URL;
  /** The Price of Pro's subscription; null when subscriptions are not offered. */
  proPrice: string | null;
}

const STRIPE_API_URL = 'https://api.stripe.com';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const stripeEnvironment = {
  PASSES_STRIPE_SECRET_KEY: z.string().min(1).optional(),
  PASSES_STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  PASSES_STRIPE_API_URL: z
    .url({ protocol: /^https?$/ })
    .refine((value) => {
      const url = new URL(value);
      return url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname);
    }, 'must be https, or http on loopback')
    .optional(),
  PASSES_STRIPE_PRO_PRICE: z.string().min(1).optional(),
};

type StripeValues = z.infer<z.ZodObject<typeof stripeEnvironment>>;

/** The variable that is missing for the other one set, if any. */
export function stripeIssue(values: StripeValues): { variable: keyof StripeValues; message: string } | null {
  const secret = values.PASSES_STRIPE_SECRET_KEY !== undefined;
  const webhook = values.PASSES_STRIPE_WEBHOOK_SECRET !== undefined;
  if (secret && !webhook) return { variable: 'PASSES_STRIPE_WEBHOOK_SECRET', message: 'is required with PASSES_STRIPE_SECRET_KEY' };
  if (webhook && !secret) return { variable: 'PASSES_STRIPE_SECRET_KEY', message: 'is required with PASSES_STRIPE_WEBHOOK_SECRET' };
  return null;
}

export function stripeSettingsOf(values: StripeValues): StripeSettings | null {
  if (values.PASSES_STRIPE_SECRET_KEY === undefined || values.PASSES_STRIPE_WEBHOOK_SECRET === undefined) return null;
  return {
    secretKey: values.PASSES_STRIPE_SECRET_KEY,
    webhookSecret: values.PASSES_STRIPE_WEBHOOK_SECRET,
    apiUrl: new URL(values.PASSES_STRIPE_API_URL ?? STRIPE_API_URL),
    proPrice: values.PASSES_STRIPE_PRO_PRICE ?? null,
  };
}
