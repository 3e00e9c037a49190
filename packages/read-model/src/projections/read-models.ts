/** The read models of the service and how each is looked up. */
import { hash } from 'node:crypto';
import {
  automationDecider,
  automationEvents,
  birthdayOf,
  dayOf,
  apiKeyDecider,
  apiKeyEvents,
  businessDecider,
  businessEvents,
  milestoneDecider,
  campaignDecider,
  campaignEvents,
  milestoneEvents,
  passDecider,
  passEvents,
  templateDecider,
  templateEvents,
  userDecider,
  userEvents,
  webhookDecider,
  webhookEvents,
  type ApiKey,
  type Automation,
  type AutomationEvent,
  type ApiKeyEvent,
  type Business,
  type BusinessEvent,
  type Milestone,
  type Campaign,
  type CampaignEvent,
  type MilestoneEvent,
  type Mode,
  type Pass,
  type PassEvent,
  type Template,
  type TemplateEvent,
  type User,
  type UserEvent,
  type Webhook,
  type WebhookEvent,
} from '@passes/domain';
import type { DocumentStore } from '../document-store';
import { ReadModel } from '../read-models/read-model';
import { analyticsExportProjection } from '../analytics/analytics-export-projection';
import { ANALYTICS_COLLECTION, analyticsProjection } from '../analytics/analytics-projection';
import { aggregateProjection } from './aggregate-projection';
import { AUTOMATION_RUNS_COLLECTION, AUTOMATION_STATS_COLLECTION, automationRunsProjection, automationStatsProjection } from './automation-runs';
import { BUSINESS_USAGE_COLLECTION, businessUsageProjection } from './business-usage';
import { campaignRecipientsProjection } from './campaign-recipients';
import { customerEmailDigest } from './customer-email-digest';
import { searchKeysOf, searchWordsOf } from './pass-search';
import { PAYMENTS_COLLECTION, paymentsProjection } from './payments';
import { apiKeyDocument, automationDocument, businessDocument, campaignDocument, milestoneDocument, passDocument, templateDocument, userDocument, webhookDocument } from './document-schemas';
import type { Projection } from './projection';

export const collections = {
  passes: 'passes',
  businesses: 'businesses',
  users: 'users',
  apiKeys: 'api_keys',
  templates: 'templates',
  webhooks: 'webhooks',
  milestones: 'milestones',
  campaigns: 'campaigns',
  businessUsage: BUSINESS_USAGE_COLLECTION,
  analytics: ANALYTICS_COLLECTION,
  payments: PAYMENTS_COLLECTION,
  automations: 'automations',
  automationRuns: AUTOMATION_RUNS_COLLECTION,
  automationStats: AUTOMATION_STATS_COLLECTION,
} as const;

/**
 * Lookup keys are exact strings: anything matched case-insensitively is lowercased here and in queries.
 * Pass keys a caller looks up within a business hold the mode, so live and sandbox passes never share one.
 */
export const lookupKeys = {
  passBySerial: (serialNumber: string) => serialNumber,
  passByExternalId: (businessId: string, mode: Mode, externalId: string) => `${businessId}/${mode}/${externalId}`,
  passByEmail: (businessId: string, mode: Mode, email: string) => `${businessId}/${mode}/${email.toLowerCase()}`,
  /** barcode_data may be 2 KiB of anything; its hash keeps the key short. */
  passByBarcodeData: (businessId: string, mode: Mode, barcodeData: string) =>
    `${businessId}/${mode}/${hash('sha256', barcodeData, 'hex')}`,
  /** Every business's live passes of one customer, by `customerEmailDigest`: customers never see sandbox passes. */
  passByCustomer: (emailDigest: string) => emailDigest,
  /** Passes a wallet on this device registered for updates (Apple's device library identifier). */
  passByWalletDevice: (deviceLibraryIdentifier: string) => deviceLibraryIdentifier,
  /** Passes of a template that some wallet registered for updates: whom a template change concerns. */
  walletPassesOfTemplate: (templateId: string) => templateId,
  userByEmail: (email: string) => email.toLowerCase(),
  /** A pending invite, by the hash of its link's token. */
  userByInvite: (inviteTokenHash: string) => inviteTokenHash,
  userByPasswordReset: (resetTokenHash: string) => resetTokenHash,
  apiKeyByHash: (keyHash: string) => keyHash,
  byBusiness: (businessId: string) => businessId,
  /** A business's milestones of one mode: a sandbox milestone applies to, and is counted with, sandbox ones only. */
  byBusinessMode: (businessId: string, mode: Mode) => `${businessId}/${mode}`,
  byTemplate: (templateId: string) => templateId,
  templateByJoinCode: (joinCode: string) => joinCode,
  /** A campaign's audience, paged: a business's passes of one mode, of any template (null) or of one. */
  passAudience: (businessId: string, mode: Mode, templateId: string | null) => (templateId === null ? `${businessId}/${mode}` : `${businessId}/${mode}/${templateId}`),
  /** Live or checked-in passes of a business and mode whose last activity was on `day` (YYYY-MM-DD): the `inactive` sweep's bucket. */
  passQuietSince: (businessId: string, mode: Mode, day: string) => `${businessId}/${mode}/${day}`,
  /** Live or checked-in passes of a business and mode whose birthday is `monthDay` (MM-DD). */
  passBirthday: (businessId: string, mode: Mode, monthDay: string) => `${businessId}/${mode}/${monthDay}`,
  /** Enabled automations with a timed trigger (`inactive`, `birthday`) of every business: what the sweep goes through. */
  timedAutomations: (triggerType: 'inactive' | 'birthday') => triggerType,
};

type PassIndex = 'serial' | 'external_id' | 'email' | 'barcode_data' | 'customer' | 'wallet_device' | 'wallet_template' | 'search' | 'audience' | 'quiet_since' | 'birthday';

export const passProjection = aggregateProjection<Pass, PassEvent, PassIndex>({
  collection: collections.passes,
  schema: passDocument,
  // 2: wallet devices replaced `installed`, with lookups by device and by template. 3: no key by business,
  // which nothing looked up once the business_usage projection counted a business's passes. 4: a pass
  // holds its rewards, which a document built before has not. 5: found by search (pass-search.ts).
  // 6: and holds its online payments. 7: and its messages; campaigns page through a business's passes by
  // their audience keys. 8: the last activity and the automations run, with the sweep's lookups by quiet
  // day and birthday. 9: and whether its holder stopped automation emails; identifiers found by their words only.
  // 10: the beginnings of its words given as words (searchWordsOf), which the SQLite store keeps in a full-text index.
  version: 10,
  category: 'pass',
  events: passEvents,
  evolve: passDecider.evolve,
  indexes: ['serial', 'external_id', 'email', 'barcode_data', 'customer', 'wallet_device', 'wallet_template', 'search', 'audience', 'quiet_since', 'birthday'],
  keys: (pass) => ({
    serial: [lookupKeys.passBySerial(pass.serialNumber)],
    external_id: pass.externalId === null ? [] : [lookupKeys.passByExternalId(pass.businessId, pass.mode, pass.externalId)],
    email: pass.customerEmail === null ? [] : [lookupKeys.passByEmail(pass.businessId, pass.mode, pass.customerEmail)],
    barcode_data: pass.barcodeData === null ? [] : [lookupKeys.passByBarcodeData(pass.businessId, pass.mode, pass.barcodeData)],
    customer: pass.customerEmail === null || pass.mode !== 'live' ? [] : [lookupKeys.passByCustomer(customerEmailDigest(pass.customerEmail))],
    wallet_device: Object.keys(pass.walletDevices).map(lookupKeys.passByWalletDevice),
    wallet_template: Object.keys(pass.walletDevices).length === 0 ? [] : [lookupKeys.walletPassesOfTemplate(pass.templateId)],
    search: searchKeysOf(pass),
    audience: [lookupKeys.passAudience(pass.businessId, pass.mode, null), lookupKeys.passAudience(pass.businessId, pass.mode, pass.templateId)],
    ...timedKeys(pass),
  }),
  words: (pass) => ({ search: searchWordsOf(pass) }),
});

/** A redeemed or voided pass is no one's to miss or congratulate: only live ones are swept. */
function timedKeys(pass: Pass): Record<'quiet_since' | 'birthday', string[]> {
  if (pass.status !== 'active' && pass.status !== 'checked_in') return { quiet_since: [], birthday: [] };
  const birthday = birthdayOf(pass.metadata);
  return {
    quiet_since: [lookupKeys.passQuietSince(pass.businessId, pass.mode, dayOf(pass.lastActivityAt))],
    birthday: birthday === null ? [] : [lookupKeys.passBirthday(pass.businessId, pass.mode, birthday)],
  };
}

const businessProjection = aggregateProjection<Business, BusinessEvent>({
  collection: collections.businesses,
  schema: businessDocument,
  version: 1,
  category: 'business',
  events: businessEvents,
  evolve: businessDecider.evolve,
  indexes: [],
  keys: () => ({}),
});

const userProjection = aggregateProjection<User, UserEvent, 'email' | 'business' | 'invite' | 'reset'>({
  collection: collections.users,
  schema: userDocument,
  // 2: users have roles and invites, listed by business; a removed user is found by no key.
  // 3: password resets, found by their token's hash. 4: the sessions logged out of.
  version: 4,
  category: 'user',
  events: userEvents,
  evolve: userDecider.evolve,
  indexes: ['email', 'business', 'invite', 'reset'],
  keys: (user) =>
    user.status === 'removed'
      ? { email: [], business: [], invite: [], reset: [] }
      : {
          email: [lookupKeys.userByEmail(user.email)],
          business: [lookupKeys.byBusiness(user.businessId)],
          invite: user.inviteTokenHash === null ? [] : [lookupKeys.userByInvite(user.inviteTokenHash)],
          reset: user.resetTokenHash === null ? [] : [lookupKeys.userByPasswordReset(user.resetTokenHash)],
        },
});

const apiKeyProjection = aggregateProjection<ApiKey, ApiKeyEvent, 'hash' | 'business'>({
  collection: collections.apiKeys,
  schema: apiKeyDocument,
  version: 1,
  category: 'api-key',
  events: apiKeyEvents,
  evolve: apiKeyDecider.evolve,
  indexes: ['hash', 'business'],
  keys: (key) => ({ hash: [lookupKeys.apiKeyByHash(key.keyHash)], business: [lookupKeys.byBusiness(key.businessId)] }),
});

const templateProjection = aggregateProjection<Template, TemplateEvent, 'business' | 'join_code'>({
  collection: collections.templates,
  schema: templateDocument,
  // 2: self-enrolment, and templates found by their join code. 3: images.
  version: 3,
  category: 'template',
  events: templateEvents,
  evolve: templateDecider.evolve,
  indexes: ['business', 'join_code'],
  keys: (template) => ({
    business: [lookupKeys.byBusiness(template.businessId)],
    join_code: template.enrolment.joinCode === null ? [] : [lookupKeys.templateByJoinCode(template.enrolment.joinCode)],
  }),
});

const webhookProjection = aggregateProjection<Webhook, WebhookEvent, 'business'>({
  collection: collections.webhooks,
  schema: webhookDocument,
  // 2: a webhook may subscribe to the reward events. 3: and to the payment events. 4: and to campaign.sent.
  version: 4,
  category: 'webhook',
  events: webhookEvents,
  evolve: webhookDecider.evolve,
  indexes: ['business'],
  keys: (webhook) => ({ business: [lookupKeys.byBusiness(webhook.businessId)] }),
});

const milestoneProjection = aggregateProjection<Milestone, MilestoneEvent, 'template' | 'business_mode'>({
  collection: collections.milestones,
  schema: milestoneDocument,
  version: 1,
  category: 'milestone',
  events: milestoneEvents,
  evolve: milestoneDecider.evolve,
  indexes: ['template', 'business_mode'],
  keys: (milestone) => ({
    template: [lookupKeys.byTemplate(milestone.templateId)],
    business_mode: [lookupKeys.byBusinessMode(milestone.businessId, milestone.mode)],
  }),
});

/** A deleted campaign keeps its document (its id answers 404) but no key: it is neither listed nor counted. */
const campaignProjection = aggregateProjection<Campaign, CampaignEvent, 'business_mode'>({
  collection: collections.campaigns,
  schema: campaignDocument,
  version: 1,
  category: 'campaign',
  events: campaignEvents,
  evolve: campaignDecider.evolve,
  indexes: ['business_mode'],
  keys: (campaign) => ({ business_mode: campaign.deleted ? [] : [lookupKeys.byBusinessMode(campaign.businessId, campaign.mode)] }),
});

const automationProjection = aggregateProjection<Automation, AutomationEvent, 'business_mode' | 'timed'>({
  collection: collections.automations,
  schema: automationDocument,
  version: 1,
  category: 'automation',
  events: automationEvents,
  evolve: automationDecider.evolve,
  indexes: ['business_mode', 'timed'],
  keys: (automation) => ({
    business_mode: [lookupKeys.byBusinessMode(automation.businessId, automation.mode)],
    timed: automation.enabled && (automation.trigger.type === 'inactive' || automation.trigger.type === 'birthday') ? [lookupKeys.timedAutomations(automation.trigger.type)] : [],
  }),
});

export const readModelProjections: readonly Projection[] = [
  passProjection,
  businessProjection,
  userProjection,
  apiKeyProjection,
  templateProjection,
  webhookProjection,
  milestoneProjection,
  businessUsageProjection,
  analyticsProjection,
  analyticsExportProjection,
  paymentsProjection,
  campaignProjection,
  campaignRecipientsProjection,
  automationProjection,
  automationRunsProjection,
  automationStatsProjection,
];

/**
 * Every read model as a handle over the store: built once per process from its document store, each
 * handle's documents of the type its projection makes and its lookups by the indexes it declares.
 */
export function readModelsOf(documents: DocumentStore) {
  return {
    passes: new ReadModel(documents, passProjection),
    businesses: new ReadModel(documents, businessProjection),
    users: new ReadModel(documents, userProjection),
    apiKeys: new ReadModel(documents, apiKeyProjection),
    templates: new ReadModel(documents, templateProjection),
    webhooks: new ReadModel(documents, webhookProjection),
    milestones: new ReadModel(documents, milestoneProjection),
    businessUsage: new ReadModel(documents, businessUsageProjection),
    analytics: new ReadModel(documents, analyticsProjection),
    analyticsExports: new ReadModel(documents, analyticsExportProjection),
    payments: new ReadModel(documents, paymentsProjection),
    campaigns: new ReadModel(documents, campaignProjection),
    campaignRecipients: new ReadModel(documents, campaignRecipientsProjection),
    automations: new ReadModel(documents, automationProjection),
    automationRuns: new ReadModel(documents, automationRunsProjection),
    automationStats: new ReadModel(documents, automationStatsProjection),
  };
}

export type ReadModels = ReturnType<typeof readModelsOf>;
