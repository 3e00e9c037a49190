/** The read models of the service and how each is looked up. */
import { hash } from 'node:crypto';
import {
  apiKeyDecider,
  apiKeyEvents,
  businessDecider,
  businessEvents,
  milestoneDecider,
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
  type ApiKeyEvent,
  type Business,
  type BusinessEvent,
  type Milestone,
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
import { aggregateProjection } from './aggregate-projection';
import { BUSINESS_USAGE_COLLECTION, businessUsageProjection } from './business-usage';
import { customerEmailDigest } from './customer-email-digest';
import { searchKeysOf } from './pass-search';
import { apiKeyDocument, businessDocument, milestoneDocument, passDocument, templateDocument, userDocument, webhookDocument } from './document-schemas';
import type { Projection } from './projection';

export const collections = {
  passes: 'passes',
  businesses: 'businesses',
  users: 'users',
  apiKeys: 'api_keys',
  templates: 'templates',
  webhooks: 'webhooks',
  milestones: 'milestones',
  businessUsage: BUSINESS_USAGE_COLLECTION,
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
  apiKeyByHash: (keyHash: string) => keyHash,
  byBusiness: (businessId: string) => businessId,
  /** A business's milestones of one mode: a sandbox milestone applies to, and is counted with, sandbox ones only. */
  byBusinessMode: (businessId: string, mode: Mode) => `${businessId}/${mode}`,
  byTemplate: (templateId: string) => templateId,
  templateByJoinCode: (joinCode: string) => joinCode,
};

type PassIndex = 'serial' | 'external_id' | 'email' | 'barcode_data' | 'customer' | 'wallet_device' | 'wallet_template' | 'search';

export const passProjection = aggregateProjection<Pass, PassEvent, PassIndex>({
  collection: collections.passes,
  schema: passDocument,
  // 2: wallet devices replaced `installed`, with lookups by device and by template. 3: no key by business,
  // which nothing looked up once the business_usage projection counted a business's passes. 4: a pass
  // holds its rewards, which a document built before has not. 5: found by search (pass-search.ts).
  version: 5,
  category: 'pass',
  events: passEvents,
  evolve: passDecider.evolve,
  indexes: ['serial', 'external_id', 'email', 'barcode_data', 'customer', 'wallet_device', 'wallet_template', 'search'],
  keys: (pass) => ({
    serial: [lookupKeys.passBySerial(pass.serialNumber)],
    external_id: pass.externalId === null ? [] : [lookupKeys.passByExternalId(pass.businessId, pass.mode, pass.externalId)],
    email: pass.customerEmail === null ? [] : [lookupKeys.passByEmail(pass.businessId, pass.mode, pass.customerEmail)],
    barcode_data: pass.barcodeData === null ? [] : [lookupKeys.passByBarcodeData(pass.businessId, pass.mode, pass.barcodeData)],
    customer: pass.customerEmail === null || pass.mode !== 'live' ? [] : [lookupKeys.passByCustomer(customerEmailDigest(pass.customerEmail))],
    wallet_device: Object.keys(pass.walletDevices).map(lookupKeys.passByWalletDevice),
    wallet_template: Object.keys(pass.walletDevices).length === 0 ? [] : [lookupKeys.walletPassesOfTemplate(pass.templateId)],
    search: searchKeysOf(pass),
  }),
});

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

const userProjection = aggregateProjection<User, UserEvent, 'email' | 'business' | 'invite'>({
  collection: collections.users,
  schema: userDocument,
  // 2: users have roles and invites, listed by business; a removed user is found by no key.
  version: 2,
  category: 'user',
  events: userEvents,
  evolve: userDecider.evolve,
  indexes: ['email', 'business', 'invite'],
  keys: (user) =>
    user.status === 'removed'
      ? { email: [], business: [], invite: [] }
      : {
          email: [lookupKeys.userByEmail(user.email)],
          business: [lookupKeys.byBusiness(user.businessId)],
          invite: user.inviteTokenHash === null ? [] : [lookupKeys.userByInvite(user.inviteTokenHash)],
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
  // 2: a webhook may subscribe to the reward events.
  version: 2,
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

export const readModelProjections: readonly Projection[] = [
  passProjection,
  businessProjection,
  userProjection,
  apiKeyProjection,
  templateProjection,
  webhookProjection,
  milestoneProjection,
  businessUsageProjection,
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
  };
}

export type ReadModels = ReturnType<typeof readModelsOf>;
