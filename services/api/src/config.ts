/** Configuration is read once, at start, from the environment (DESIGN §6); bad values stop start-up. */
import path from 'node:path';
import { z } from 'zod';
import { parseRetrySchedule } from './retry-schedule';

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const perMinute = z.coerce.number().int().min(1).max(1_000_000);

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PASSES_PROFILE: z.enum(['embedded']).default('embedded'),
  PASSES_DATA_DIR: z.string().min(1).default('./data'),
  PASSES_APP_URL: z.url().optional(),
  PASSES_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  PASSES_RATE_LIMIT_PER_MINUTE: perMinute.default(60),
  PASSES_PUBLIC_RATE_LIMIT_PER_MINUTE: perMinute.default(60),
  PASSES_WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default('1m,5m,30m,2h,6h,12h,24h')
    .transform((value, context) => {
      const schedule = parseRetrySchedule(value);
      if (typeof schedule === 'string') {
        context.addIssue({ code: 'custom', message: schedule });
        return z.NEVER;
      }
      return schedule;
    }),
  PASSES_WEBHOOK_ALLOW_PRIVATE: flag.default(false),
  PASSES_SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  PASSES_MAIL_FROM: z
    .string()
    .min(3)
    .max(320)
    .refine((value) => !/[\r\n]/.test(value), 'must be one line')
    .optional(),
});

export interface Config {
  port: number;
  host: string;
  profile: 'embedded';
  dataDir: string;
  /** The public site's address; `{app_url}` of the spec. Without a trailing slash. */
  appUrl: string | null;
  secretKey: string | undefined;
  /** Requests per fixed one-minute window for each credential. */
  rateLimitPerMinute: number;
  /** Requests per fixed one-minute window for each client IP on unauthenticated routes. */
  publicRateLimitPerMinute: number;
  /** Delays before each webhook retry, in milliseconds; its length is the number of retries. */
  webhookRetryScheduleMs: readonly number[];
  /** Lets webhooks use http and loopback/private addresses, for local development and tests. */
  webhookAllowPrivate: boolean;
  /** How long one webhook attempt may take; not read from the environment (10 s), tests shorten it. */
  webhookTimeoutMs: number;
  /** How often due webhook retries are looked for; not read from the environment, tests shorten it. */
  webhookPollIntervalMs: number;
  /** When set, mail goes out over SMTP as well as into the outbox directory. */
  smtpUrl: string | null;
  /** The From of outgoing mail, e.g. `Corner Passes <no-reply@example.com>`; null: `no-reply@` the app_url's host. */
  mailFrom: string | null;
}

/** The values an unset environment gives, for tests that build a Config by hand. */
export const DEFAULT_CONFIG: Omit<Config, 'dataDir'> = {
  port: 3000,
  host: '127.0.0.1',
  profile: 'embedded',
  appUrl: null,
  secretKey: undefined,
  rateLimitPerMinute: 60,
  publicRateLimitPerMinute: 60,
  // 1m,5m,30m,2h,6h,12h,24h: eight attempts in all.
  webhookRetryScheduleMs: [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000, 86_400_000],
  webhookAllowPrivate: false,
  webhookTimeoutMs: 10_000,
  webhookPollIntervalMs: 1000,
  smtpUrl: null,
  mailFrom: null,
};

export class ConfigError extends Error {}

export function configFromEnvironment(env: NodeJS.ProcessEnv): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue?.path[0] ?? 'environment')}: ${issue?.message ?? 'invalid'}`);
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    profile: values.PASSES_PROFILE,
    dataDir: path.resolve(values.PASSES_DATA_DIR),
    appUrl: values.PASSES_APP_URL ? values.PASSES_APP_URL.replace(/\/+$/, '') : null,
    secretKey: values.PASSES_SECRET_KEY,
    rateLimitPerMinute: values.PASSES_RATE_LIMIT_PER_MINUTE,
    publicRateLimitPerMinute: values.PASSES_PUBLIC_RATE_LIMIT_PER_MINUTE,
    webhookRetryScheduleMs: values.PASSES_WEBHOOK_RETRY_SCHEDULE,
    webhookAllowPrivate: values.PASSES_WEBHOOK_ALLOW_PRIVATE,
    webhookTimeoutMs: DEFAULT_CONFIG.webhookTimeoutMs,
    webhookPollIntervalMs: DEFAULT_CONFIG.webhookPollIntervalMs,
    smtpUrl: values.PASSES_SMTP_URL ?? null,
    mailFrom: values.PASSES_MAIL_FROM ?? null,
  };
}
