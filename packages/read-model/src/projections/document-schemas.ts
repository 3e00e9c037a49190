/**
 * The stored shape of each aggregate's read model: what a document must be to be served as the domain's
 * state. `satisfies` holds each schema to its domain type, so a field the domain adds and the schema lacks
 * does not compile; changing a schema changes its projection's fingerprint (projection-versions.unit.spec.ts).
 */
import {
  automationAction,
  automationTrigger,
  BARCODE_FORMATS,
  ENROLMENT_FIELDS,
  CAMPAIGN_STATUSES,
  PASS_STATUSES,
  MILESTONE_METRICS,
  ONLINE_PAYMENT_STATUSES,
  NO_TEMPLATE_IMAGES,
  PASS_TYPES,
  USER_ROLES,
  WEBHOOK_EVENT_NAMES,
  type ApiKey,
  type Automation,
  type Business,
  type Campaign,
  type Milestone,
  type OnlinePayment,
  type Pass,
  type Template,
  type User,
  type Webhook,
} from '@passes/domain';
import { z } from 'zod';

const text = z.string();
const optionalText = z.string().nullable();
const instant = z.string();
const mode = z.enum(['live', 'test']);

const onlinePaymentDocument = z.object({
  id: text,
  checkoutSessionId: text,
  paymentIntentId: optionalText,
  amountMinor: z.number(),
  feeMinor: z.number(),
  currency: text,
  status: z.enum(ONLINE_PAYMENT_STATUSES),
  refundedMinor: z.number(),
  feeRefundedMinor: z.number(),
  shortfallMinor: z.number(),
  createdAt: instant,
  paidAt: instant.nullable(),
}) satisfies z.ZodType<OnlinePayment>;

export const passDocument = z.object({
  id: text,
  businessId: text,
  mode,
  templateId: text,
  serialNumber: text,
  status: z.enum(['active', 'checked_in', 'redeemed', 'voided']),
  customerName: optionalText,
  customerEmail: optionalText,
  externalId: optionalText,
  points: z.number(),
  balanceMinor: z.number().nullable(),
  stamps: z.number(),
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  barcodeData: optionalText,
  nfcData: optionalText,
  walletDevices: z.record(z.string(), z.string()),
  // Defaults, here and below: a document an earlier version built (read while this one is rebuilt) lacks
  // the fields of the features that came after it, and it had none of what they hold.
  rewards: z.array(
    z.object({
      id: text,
      milestoneId: text,
      metric: z.enum(MILESTONE_METRICS),
      threshold: z.number(),
      title: text,
      description: optionalText,
      earnedAt: instant,
      expiresAt: instant.nullable(),
      redeemedAt: instant.nullable(),
    }),
  ).default([]),
  payments: z.record(z.string(), onlinePaymentDocument).default({}),
  lastMessage: z.object({ campaignId: optionalText, header: text, body: text, sentAt: instant, notify: z.boolean() }).nullable().default(null),
  messageSources: z.array(text).default([]),
  notifiedAt: z.array(instant).default([]),
  createdAt: instant,
  updatedAt: instant,
  checkedInAt: instant.nullable(),
  redeemedAt: instant.nullable(),
  voidedAt: instant.nullable(),
  reactivatedAt: instant.nullable(),
  lastScannedAt: instant.nullable(),
  // Documents built before automations read as a pass with none run, quiet since the epoch, until rebuilt.
  lastActivityAt: instant.default('1970-01-01T00:00:00.000Z'),
  automationRuns: z.array(text).default([]),
  automationEmailsStoppedAt: instant.nullable().default(null),
}) satisfies z.ZodType<Pass>;

export const businessDocument = z.object({
  id: text,
  name: text,
  ownerUserId: text,
  plan: z.enum(['free', 'pro']),
  createdAt: instant,
}) satisfies z.ZodType<Business>;

export const userDocument = z.object({
  id: text,
  businessId: text,
  email: text,
  passwordHash: optionalText,
  // Defaults: a version 1 document (read while a later version is rebuilt) is a business's founder, an active
  // owner; one of version 2 asked for no password reset; one of version 3 ended no session.
  name: optionalText.default(null),
  role: z.enum(USER_ROLES).default('owner'),
  status: z.enum(['invited', 'active', 'removed']).default('active'),
  inviteTokenHash: optionalText.default(null),
  inviteExpiresAt: instant.nullable().default(null),
  resetTokenHash: optionalText.default(null),
  resetExpiresAt: instant.nullable().default(null),
  passwordChangedAt: instant.nullable().default(null),
  endedSessions: z.array(z.object({ id: text, expiresAt: instant })).default([]),
  createdAt: instant,
}) satisfies z.ZodType<User>;

export const apiKeyDocument = z.object({
  id: text,
  businessId: text,
  name: text,
  mode,
  scopes: z.array(z.enum(['read', 'write'])),
  keyHash: text,
  prefix: text,
  createdAt: instant,
  revokedAt: instant.nullable(),
}) satisfies z.ZodType<ApiKey>;

const displayFields = z.array(z.object({ key: text, label: text, value: text }));

export const templateDocument = z.object({
  id: text,
  businessId: text,
  createdAt: instant,
  updatedAt: instant,
  name: text,
  passType: z.enum(PASS_TYPES),
  description: optionalText,
  logoText: optionalText,
  colors: z.object({ background: text, foreground: text, label: text }),
  displayFields: z.object({ header: displayFields, primary: displayFields, secondary: displayFields, auxiliary: displayFields, back: displayFields }),
  barcodeFormat: z.enum(BARCODE_FORMATS),
  nfcMessage: optionalText,
  currency: optionalText,
  stampsForReward: z.number().nullable(),
  scanSecurity: z.object({ signedBarcodes: z.boolean(), scanCooldown: z.number().nullable(), autoStampOnScan: z.boolean() }),
  // The default: a version 1 document (read while version 2 is rebuilt) is closed to enrolment, as it was.
  enrolment: z
    .object({ enabled: z.boolean(), fields: z.array(z.enum(ENROLMENT_FIELDS)), consentText: optionalText, joinCode: optionalText })
    .default({ enabled: false, fields: ['name', 'email'], consentText: null, joinCode: null }),
  // The default: a document of before template images has none, as it had.
  images: z.object({ logo: optionalText, icon: optionalText, strip: optionalText }).default(NO_TEMPLATE_IMAGES),
}) satisfies z.ZodType<Template>;

export const webhookDocument = z.object({
  id: text,
  businessId: text,
  url: text,
  events: z.array(z.enum(WEBHOOK_EVENT_NAMES)),
  description: optionalText,
  secretCiphertext: text,
  status: z.enum(['active', 'disabled']),
  createdAt: instant,
  disabledAt: instant.nullable(),
  disabledReason: z.enum(['endpoint_gone']).nullable(),
}) satisfies z.ZodType<Webhook>;

export const milestoneDocument = z.object({
  id: text,
  businessId: text,
  mode,
  templateId: text,
  name: text,
  metric: z.enum(MILESTONE_METRICS),
  threshold: z.number(),
  reward: z.object({ title: text, description: optionalText }),
  rewardExpiresAfterDays: z.number().nullable(),
  status: z.enum(['active', 'archived']),
  createdAt: instant,
  updatedAt: instant,
}) satisfies z.ZodType<Milestone>;

export const campaignDocument = z.object({
  id: text,
  businessId: text,
  mode,
  name: text,
  message: z.object({ header: text, body: text }),
  audience: z.object({
    templateId: optionalText,
    statuses: z.array(z.enum(PASS_STATUSES)),
    minStamps: z.number().nullable(),
    minPoints: z.number().nullable(),
    installedOnly: z.boolean(),
  }),
  status: z.enum(CAMPAIGN_STATUSES),
  sendAt: instant.nullable(),
  cursor: optionalText,
  stats: z.object({ recipients: z.number(), delivered: z.number(), notInstalled: z.number(), quotaLimited: z.number(), failed: z.number() }),
  deleted: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
  sentAt: instant.nullable(),
}) satisfies z.ZodType<Campaign>;

export const automationDocument = z.object({
  id: text,
  businessId: text,
  mode,
  name: text,
  templateId: optionalText,
  trigger: automationTrigger,
  actions: z.array(automationAction),
  enabled: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
}) satisfies z.ZodType<Automation>;
