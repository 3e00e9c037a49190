/** The read models of the service and how each is looked up. */
import { createHash } from 'node:crypto';
import {
  apiKeyDecider,
  businessDecider,
  passDecider,
  templateDecider,
  userDecider,
  webhookDecider,
  PASS_EVENT_TYPES,
  TEMPLATE_EVENT_TYPES,
  WEBHOOK_EVENT_TYPES,
  type ApiKey,
  type ApiKeyEvent,
  type Business,
  type BusinessEvent,
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
import { aggregateProjection } from './aggregate-projection';
import { customerEmailDigest } from './customer-email-digest';
import type { Projection } from './projection';

export const collections = {
  passes: 'passes',
  businesses: 'businesses',
  users: 'users',
  apiKeys: 'api_keys',
  templates: 'templates',
  webhooks: 'webhooks',
} as const;

/**
 * Lookup keys are exact strings: anything matched case-insensitively is lowercased here and in queries.
 * Pass keys a caller looks up within a business hold the mode, so live and sandbox passes never share one.
 */
export const lookupKeys = {
  passBySerial: (serialNumber: string) => serialNumber,
  passByExternalId: (businessId: string, mode: Mode, externalId: string) => `${businessId}/${mode}/${externalId}`,
  passByEmail: (businessId: string, mode: Mode, email: string) => `${businessId}/${mode}/${email.toLowerCase()}`,
  /** Only live passes count toward plan limits. */
  passesOfBusiness: (businessId: string, mode: Mode) => `${businessId}/${mode}`,
  /** barcode_data may be 2 KiB of anything; its hash keeps the key short. */
  passByBarcodeData: (businessId: string, mode: Mode, barcodeData: string) =>
    `${businessId}/${mode}/${createHash('sha256').update(barcodeData).digest('hex')}`,
  /** Every business's live passes of one customer, by `customerEmailDigest`: customers never see sandbox passes. */
  passByCustomer: (emailDigest: string) => emailDigest,
  userByEmail: (email: string) => email.toLowerCase(),
  apiKeyByHash: (keyHash: string) => keyHash,
  byBusiness: (businessId: string) => businessId,
};

export const passProjection = aggregateProjection<Pass, PassEvent>({
  collection: collections.passes,
  category: 'pass',
  eventTypes: PASS_EVENT_TYPES,
  evolve: passDecider.evolve,
  keys: (pass) => ({
    serial: [lookupKeys.passBySerial(pass.serialNumber)],
    external_id: pass.externalId === null ? [] : [lookupKeys.passByExternalId(pass.businessId, pass.mode, pass.externalId)],
    email: pass.customerEmail === null ? [] : [lookupKeys.passByEmail(pass.businessId, pass.mode, pass.customerEmail)],
    business: [lookupKeys.passesOfBusiness(pass.businessId, pass.mode)],
    barcode_data: pass.barcodeData === null ? [] : [lookupKeys.passByBarcodeData(pass.businessId, pass.mode, pass.barcodeData)],
    customer: pass.customerEmail === null || pass.mode !== 'live' ? [] : [lookupKeys.passByCustomer(customerEmailDigest(pass.customerEmail))],
  }),
});

export const businessProjection = aggregateProjection<Business, BusinessEvent>({
  collection: collections.businesses,
  category: 'business',
  eventTypes: ['BusinessRegistered', 'BusinessPlanChanged'],
  evolve: businessDecider.evolve,
  keys: () => ({}),
});

export const userProjection = aggregateProjection<User, UserEvent>({
  collection: collections.users,
  category: 'user',
  eventTypes: ['UserRegistered'],
  evolve: userDecider.evolve,
  keys: (user) => ({ email: [lookupKeys.userByEmail(user.email)] }),
});

export const apiKeyProjection = aggregateProjection<ApiKey, ApiKeyEvent>({
  collection: collections.apiKeys,
  category: 'api-key',
  eventTypes: ['ApiKeyCreated', 'ApiKeyRevoked'],
  evolve: apiKeyDecider.evolve,
  keys: (key) => ({ hash: [lookupKeys.apiKeyByHash(key.keyHash)], business: [lookupKeys.byBusiness(key.businessId)] }),
});

export const templateProjection = aggregateProjection<Template, TemplateEvent>({
  collection: collections.templates,
  category: 'template',
  eventTypes: TEMPLATE_EVENT_TYPES,
  evolve: templateDecider.evolve,
  keys: (template) => ({ business: [lookupKeys.byBusiness(template.businessId)] }),
});

export const webhookProjection = aggregateProjection<Webhook, WebhookEvent>({
  collection: collections.webhooks,
  category: 'webhook',
  eventTypes: WEBHOOK_EVENT_TYPES,
  evolve: webhookDecider.evolve,
  keys: (webhook) => ({ business: [lookupKeys.byBusiness(webhook.businessId)] }),
});

export const readModelProjections: readonly Projection[] = [
  passProjection,
  businessProjection,
  userProjection,
  apiKeyProjection,
  templateProjection,
  webhookProjection,
] as readonly Projection[];
