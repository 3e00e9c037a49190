/**
 * Configuration is read once, at start, from the environment (DESIGN §6), by every process of either
 * profile; bad values stop start-up with one line naming the variable.
 */
import path from 'node:path';
import { z } from 'zod';
import type { WalletSettings } from '@passes/wallets';
import { parseRetrySchedule } from './retry-schedule';
import { stripeEnvironment, stripeIssue, stripeSettingsOf, type StripeSettings } from './stripe-config';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';
import { loadWalletSettings, WalletFileError, walletEnvironment, walletIssues } from './wallet-config';

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const perMinute = z.coerce.number().int().min(1).max(1_000_000);
const DAY_MS = 86_400_000;
const HOST_PORT = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/;

/** Text read by a parser that answers either the value or a message saying what is wrong. */
function parsedBy<T>(parse: (text: string) => T | string) {
  return z.string().transform((text, context) => {
    const value = parse(text);
    if (typeof value === 'string') {
      context.addIssue({ code: 'custom', message: value });
      return z.NEVER;
    }
    return value;
  });
}

const kafkaBrokers = z
  .string()
  .transform((value) => value.split(',').map((broker) => broker.trim()))
  .refine((brokers) => brokers.every((broker) => HOST_PORT.test(broker) && Number(broker.split(':').at(-1)) <= 65535), {
    message: 'must be comma-separated host:port pairs',
  });

const environment = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    PASSES_PROFILE: z.enum(['embedded', 'distributed']).default('embedded'),
    PASSES_DATA_DIR: z.string().min(1).default('./data'),
    PASSES_APP_URL: z.url().optional(),
    PASSES_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    PASSES_RATE_LIMIT_PER_MINUTE: perMinute.default(60),
    PASSES_PUBLIC_RATE_LIMIT_PER_MINUTE: perMinute.default(60),
    PASSES_WEBHOOK_RETRY_SCHEDULE: parsedBy(parseRetrySchedule).prefault('1m,5m,30m,2h,6h,12h,24h'),
    PASSES_WEBHOOK_ALLOW_PRIVATE: flag.default(false),
    PASSES_WORK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    PASSES_SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    PASSES_MAIL_FROM: z
      .string()
      .min(3)
      .max(320)
      .refine((value) => !/[\r\n]/.test(value), 'must be one line')
      .optional(),
    PASSES_EVENT_STORE: z.enum(['eventstoredb', 'sqlite']).optional(),
    PASSES_EVENTSTORE_URL: z.url({ protocol: /^(esdb|esdb\+discover|kurrentdb|kurrentdb\+discover)$/, error: 'must be an esdb:// connection string' }).optional(),
    PASSES_MONGODB_URL: z.url({ protocol: /^mongodb(\+srv)?$/, error: 'must be a mongodb:// connection string' }).optional(),
    PASSES_MONGODB_DATABASE: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,63}$/, 'must be 1 to 63 letters, digits, - or _')
      .default('passes'),
    PASSES_KAFKA_BROKERS: kafkaBrokers.optional(),
    PASSES_KAFKA_TOPIC: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,249}$/, 'must be 1 to 249 letters, digits, ., _ or -')
      .default('passes.events'),
    PASSES_TRUST_PROXY: parsedBy(parseTrustProxy).default(false),
    PASSES_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    PASSES_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    ...walletEnvironment,
    // Named here one by one: infra/compose-check reads the variables a process takes from this file.
    PASSES_STRIPE_SECRET_KEY: stripeEnvironment.PASSES_STRIPE_SECRET_KEY,
    PASSES_STRIPE_WEBHOOK_SECRET: stripeEnvironment.PASSES_STRIPE_WEBHOOK_SECRET,
    PASSES_STRIPE_API_URL: stripeEnvironment.PASSES_STRIPE_API_URL,
    PASSES_STRIPE_PRO_PRICE: stripeEnvironment.PASSES_STRIPE_PRO_PRICE,
  })
  .superRefine((values, context) => {
    for (const issue of walletIssues(values)) context.addIssue({ code: 'custom', path: [issue.variable], message: issue.message });
    const stripe = stripeIssue(values);
    if (stripe !== null) context.addIssue({ code: 'custom', path: [stripe.variable], message: stripe.message });
    const require = (name: keyof typeof values, why: string) => {
      if (values[name] === undefined) context.addIssue({ code: 'custom', path: [name], message: `is required ${why}` });
    };
    if (values.PASSES_PROFILE === 'embedded') {
      if (values.PASSES_EVENT_STORE !== undefined) {
        context.addIssue({ code: 'custom', path: ['PASSES_EVENT_STORE'], message: 'applies to the distributed profile only' });
      }
      return;
    }
    require('PASSES_MONGODB_URL', 'by the distributed profile');
    require('PASSES_SECRET_KEY', 'by the distributed profile, so that every process signs and verifies alike');
    if ((values.PASSES_EVENT_STORE ?? 'eventstoredb') === 'eventstoredb') require('PASSES_EVENTSTORE_URL', 'when PASSES_EVENT_STORE is eventstoredb');
  });

type Profile = 'embedded' | 'distributed';

export interface DistributedConfig {
  /** `sqlite` shares one event store file between the processes of one host. */
  eventStore: 'eventstoredb' | 'sqlite';
  eventStoreUrl: string | null;
  mongoUrl: string;
  mongoDatabase: string;
  /** Needed by the relay and the webhook dispatcher only; they refuse to start without it. */
  kafkaBrokers: readonly string[] | null;
  kafkaTopic: string;
}

/** Where the Prometheus metrics are served: a listener of their own, never the public one. */
export interface MetricsListenerConfig {
  port: number;
  host: string;
}

export interface Config {
  port: number;
  host: string;
  /** Which proxies in front may name the client (X-Forwarded-For); `false` believes none. */
  trustProxy: TrustProxy;
  /** Null: no metrics listener (the default). */
  metricsListener: MetricsListenerConfig | null;
  /** How long a stop may take to let requests in flight finish before it cuts them; not read from the environment. */
  shutdownGraceMs: number;
  profile: Profile;
  /** Set for the distributed profile only. */
  distributed: DistributedConfig | null;
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
  /** How often due background work (retries, timed work) is looked for; not read from the environment, tests shorten it. */
  workPollIntervalMs: number;
  /** How long settled background work (a webhook's deliveries among it) is kept after its last attempt. */
  workRetentionMs: number;
  /** When set, mail goes out over SMTP as well as into the outbox directory. */
  smtpUrl: string | null;
  /** The From of outgoing mail, e.g. `Corner Passes <no-reply@example.com>`; null: `no-reply@` the app_url's host. */
  mailFrom: string | null;
  /** Apple Wallet and Google Wallet, each null when not configured (docs/wallets.md). */
  wallets: WalletSettings;
  /** Stripe for online payments; null when not configured (payments answer payments_unavailable). */
  stripe: StripeSettings | null;
  /** Delays before each retry of a wallet push or update; not read from the environment, tests shorten it. */
  walletRetryScheduleMs: readonly number[];
  /** How long one APNs push or Google Wallet call may take; not read from the environment. */
  walletTimeoutMs: number;
  /** How long a command's answer waits for the read models to reflect it (DESIGN §4); not read from the environment, tests shorten it. */
  readYourWritesTimeoutMs: number;
  /** How long a generation replaced by a rebuild is kept before it is dropped; not read from the environment, tests shorten it. */
  retiredGenerationGraceMs: number;
}

/** The values an unset environment gives, for tests that build a Config by hand. */
export const DEFAULT_CONFIG: Omit<Config, 'dataDir'> = {
  port: 3000,
  host: '127.0.0.1',
  trustProxy: false,
  metricsListener: null,
  // Well inside the 10 s an orchestrator usually allows between SIGTERM and SIGKILL.
  shutdownGraceMs: 8_000,
  profile: 'embedded',
  distributed: null,
  appUrl: null,
  secretKey: undefined,
  rateLimitPerMinute: 60,
  publicRateLimitPerMinute: 60,
  // 1m,5m,30m,2h,6h,12h,24h: eight attempts in all.
  webhookRetryScheduleMs: [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000, 86_400_000],
  webhookAllowPrivate: false,
  webhookTimeoutMs: 10_000,
  workPollIntervalMs: 1000,
  workRetentionMs: 30 * DAY_MS,
  smtpUrl: null,
  mailFrom: null,
  wallets: { apple: null, google: null },
  stripe: null,
  // Pushes matter while the holder looks at the pass: retried soon, then less and less often, for a day.
  walletRetryScheduleMs: [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 86_400_000],
  walletTimeoutMs: 10_000,
  readYourWritesTimeoutMs: 5000,
  // Long beside anything that reads a generation it looked up before a promotion.
  retiredGenerationGraceMs: 30_000,
};

export class ConfigError extends Error {}

export function configFromEnvironment(env: NodeJS.ProcessEnv): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue?.path[0] ?? 'environment')}: ${issue?.message ?? 'invalid'}`);
  }
  const values = parsed.data;
  let wallets: WalletSettings;
  try {
    wallets = loadWalletSettings(values);
  } catch (error) {
    if (error instanceof WalletFileError) throw new ConfigError(`Invalid configuration: ${error.variable}: ${error.message}`);
    throw error;
  }
  return {
    port: values.PORT,
    host: values.HOST,
    trustProxy: values.PASSES_TRUST_PROXY,
    metricsListener: values.PASSES_METRICS_PORT === undefined ? null : { port: values.PASSES_METRICS_PORT, host: values.PASSES_METRICS_HOST },
    shutdownGraceMs: DEFAULT_CONFIG.shutdownGraceMs,
    profile: values.PASSES_PROFILE,
    distributed:
      values.PASSES_PROFILE === 'distributed' && values.PASSES_MONGODB_URL !== undefined
        ? {
            eventStore: values.PASSES_EVENT_STORE ?? 'eventstoredb',
            eventStoreUrl: values.PASSES_EVENTSTORE_URL ?? null,
            mongoUrl: values.PASSES_MONGODB_URL,
            mongoDatabase: values.PASSES_MONGODB_DATABASE,
            kafkaBrokers: values.PASSES_KAFKA_BROKERS ?? null,
            kafkaTopic: values.PASSES_KAFKA_TOPIC,
          }
        : null,
    dataDir: path.resolve(values.PASSES_DATA_DIR),
    appUrl: values.PASSES_APP_URL ? values.PASSES_APP_URL.replace(/\/+$/, '') : null,
    secretKey: values.PASSES_SECRET_KEY,
    rateLimitPerMinute: values.PASSES_RATE_LIMIT_PER_MINUTE,
    publicRateLimitPerMinute: values.PASSES_PUBLIC_RATE_LIMIT_PER_MINUTE,
    webhookRetryScheduleMs: values.PASSES_WEBHOOK_RETRY_SCHEDULE,
    webhookAllowPrivate: values.PASSES_WEBHOOK_ALLOW_PRIVATE,
    webhookTimeoutMs: DEFAULT_CONFIG.webhookTimeoutMs,
    workPollIntervalMs: DEFAULT_CONFIG.workPollIntervalMs,
    workRetentionMs: values.PASSES_WORK_RETENTION_DAYS * DAY_MS,
    smtpUrl: values.PASSES_SMTP_URL ?? null,
    mailFrom: values.PASSES_MAIL_FROM ?? null,
    wallets,
    stripe: stripeSettingsOf(values),
    walletRetryScheduleMs: DEFAULT_CONFIG.walletRetryScheduleMs,
    walletTimeoutMs: DEFAULT_CONFIG.walletTimeoutMs,
    readYourWritesTimeoutMs: DEFAULT_CONFIG.readYourWritesTimeoutMs,
    retiredGenerationGraceMs: DEFAULT_CONFIG.retiredGenerationGraceMs,
  };
}

/** The Kafka settings the relay and the dispatcher cannot start without. */
export function requireKafka(config: Config): { brokers: readonly string[]; topic: string } {
  const brokers = config.distributed?.kafkaBrokers;
  if (!brokers) throw new ConfigError('Invalid configuration: PASSES_KAFKA_BROKERS: is required by this process of the distributed profile');
  return { brokers, topic: config.distributed?.kafkaTopic ?? 'passes.events' };
}

/** The distributed settings of a process that exists only in the distributed profile (relay, dispatcher, projector). */
export function requireDistributed(config: Config): DistributedConfig {
  if (config.distributed === null) throw new ConfigError('Invalid configuration: PASSES_PROFILE: must be distributed to run this process on its own');
  return config.distributed;
}
