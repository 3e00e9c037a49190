/**
 * Every operation of the JSON API (docs/api.md), with the zod schemas of its parameters, bodies and answers.
 * The OpenAPI document is generated from this table; a test walks the express app and fails on a route
 * that is missing here.
 */
import { z } from 'zod';
import { apiKeyListResponse, createdApiKeyResponse, loginResponse, ownBusinessResponse, registrationResponse, userResponse } from '../account-responses';
import { createApiKeyBody, loginBody, registerBody } from '../account-bodies';
import { bulkUpdateItem, MAX_BULK_ITEMS } from '../bulk-bodies';
import { customerListResponse, customerResponse, passListResponse } from '../browse-responses';
import { joinBody } from '../join-bodies';
import { joinedResponse, joinSentResponse } from '../join-responses';
import { bulkIssueResponse, bulkUpdateResponse } from '../bulk-responses';
import { magicLinkBody } from '../customer-bodies';
import { customerPassListResponse, magicLinkResponse } from '../customer-responses';
import { livenessResponse, readinessResponse } from '../health-responses';
import { createAnalyticsExportBody } from '../analytics-bodies';
import { analyticsExportResponse, analyticsResponse } from '../analytics-responses';
import { createCampaignBody, updateCampaignBody } from '../campaign-bodies';
import { campaignListResponse, campaignPreviewResponse, campaignRecipientListResponse, campaignResponse } from '../campaign-responses';
import { createMilestoneBody, updateMilestoneBody } from '../milestone-bodies';
import { milestoneListResponse, milestoneResponse, rewardListResponse } from '../milestone-responses';
import { issuePassBody, updatePassBody } from '../pass-bodies';
import { passHistoryResponse, passResponse, passSummaryListResponse, passSummaryResponse, scanResponse } from '../pass-responses';
import { amountQuery, analyticsQuery, asOfQuery, customerListQuery, customerTokenQuery, historyQuery, milestoneListQuery, pageQuery, passListQuery, pointsQuery, stampQuery } from '../query-parameters';
import { scanBody } from '../scan-bodies';
import { createTemplateBody, updateTemplateBody } from '../template-bodies';
import { templateListResponse, templateResponse } from '../template-responses';
import { acceptInviteBody, changeUserBody, inviteUserBody } from '../user-bodies';
import { userListResponse } from '../user-responses';
import { createWebhookBody } from '../webhook-bodies';
import { deliveryListResponse, deliveryResponse, registeredWebhookResponse, webhookListResponse, webhookResponse } from '../webhook-responses';
import type { ApiOperation } from './api-operation';
import { PAYMENT_OPERATIONS } from './payment-operations';
import { createAutomationBody, testAutomationBody, updateAutomationBody } from '../automation-bodies';
import { automationListResponse, automationResponse, automationRunListResponse, automationTestResponse } from '../automation-responses';

const API = '/api/v1';
const BUSINESS = `${API}/businesses/{business_id}`;
const PASS = `${BUSINESS}/passes/{identifier}`;
const TEMPLATE = `${BUSINESS}/templates/{template_id}`;
const WEBHOOK = `${BUSINESS}/webhooks/{webhook_id}`;
const MILESTONE = `${BUSINESS}/milestones/{milestone_id}`;
const AUTOMATION = `${BUSINESS}/automations/{automation_id}`;
const CAMPAIGN = `${BUSINESS}/campaigns/{campaign_id}`;

/** The bulk envelopes as documented: the same item schemas each item is checked with, one by one. */
const bulkItems = <Item extends z.ZodType>(item: Item) => z.array(item).min(1).max(MAX_BULK_ITEMS);
export const bulkIssueBody = z.strictObject({ passes: bulkItems(issuePassBody) });
export const bulkUpdateBody = z.strictObject({ passes: bulkItems(bulkUpdateItem) });

const pass = { description: 'The whole updated pass', body: passResponse };

/** A pass action: POST with its query parameters, answering the updated pass. */
function passAction(action: string, summary: string, extra: Partial<ApiOperation> = {}): ApiOperation {
  return {
    method: 'post',
    path: `${PASS}/${action}`,
    operationId: `${action}Pass`,
    tag: 'Passes',
    summary,
    access: 'credential',
    answers: { 200: pass },
    refusals: [409],
    ...extra,
  };
}

export const API_OPERATIONS: readonly ApiOperation[] = [
  // Accounts
  {
    method: 'post',
    path: `${API}/auth/register`,
    operationId: 'register',
    tag: 'Accounts',
    summary: 'Register a business and its first dashboard user',
    access: 'public',
    body: registerBody,
    answers: { 201: { description: 'The business, the user and an access token', body: registrationResponse } },
    refusals: [409],
  },
  {
    method: 'post',
    path: `${API}/auth/login`,
    operationId: 'login',
    tag: 'Accounts',
    summary: 'Log in to the dashboard: an access token for Authorization: Bearer',
    access: 'public',
    body: loginBody,
    answers: { 200: { description: 'An access token, valid for an hour', body: loginResponse } },
    refusals: [401],
  },
  {
    method: 'get',
    path: `${API}/businesses/me`,
    operationId: 'getOwnBusiness',
    tag: 'Accounts',
    summary: "The caller's business with its plan, limits, usage and features",
    access: 'credential',
    answers: { 200: { description: 'The business', body: ownBusinessResponse } },
  },
  {
    method: 'post',
    path: `${BUSINESS}/api-keys`,
    operationId: 'createApiKey',
    tag: 'Accounts',
    summary: 'Create an API key (dashboard login only); the key is shown this once',
    access: 'dashboard',
    body: createApiKeyBody,
    answers: { 201: { description: 'The key, with its secret `key`', body: createdApiKeyResponse } },
  },
  {
    method: 'get',
    path: `${BUSINESS}/api-keys`,
    operationId: 'listApiKeys',
    tag: 'Accounts',
    summary: "The business's API keys, without secrets (dashboard login only)",
    access: 'dashboard',
    answers: { 200: { description: 'The keys', body: apiKeyListResponse } },
  },
  {
    method: 'delete',
    path: `${BUSINESS}/api-keys/{key_id}`,
    operationId: 'revokeApiKey',
    tag: 'Accounts',
    summary: 'Revoke an API key (dashboard login only); it is refused from the next request',
    access: 'dashboard',
    answers: { 204: { description: 'Revoked' } },
  },

  // Users and roles
  {
    method: 'post',
    path: `${BUSINESS}/users`,
    operationId: 'inviteUser',
    tag: 'Users',
    summary: 'Invite a dashboard user by email with a role (owner only); the one-time invite link goes by email',
    access: 'dashboard',
    body: inviteUserBody,
    answers: { 201: { description: 'The invited user, `status: "invited"`', body: userResponse } },
  },
  {
    method: 'get',
    path: `${BUSINESS}/users`,
    operationId: 'listUsers',
    tag: 'Users',
    summary: "The business's invited and active users, oldest first (owner only)",
    access: 'dashboard',
    query: pageQuery,
    answers: { 200: { description: 'A page of users', body: userListResponse } },
    refusals: [422],
  },
  {
    method: 'patch',
    path: `${BUSINESS}/users/{user_id}`,
    operationId: 'changeUserRole',
    tag: 'Users',
    summary: "Change a user's role (owner only; not one's own); it applies from the user's next request",
    access: 'dashboard',
    body: changeUserBody,
    answers: { 200: { description: 'The user', body: userResponse } },
  },
  {
    method: 'delete',
    path: `${BUSINESS}/users/{user_id}`,
    operationId: 'removeUser',
    tag: 'Users',
    summary: "Remove a user (owner only; not oneself); the user's tokens are refused from the next request",
    access: 'dashboard',
    answers: { 204: { description: 'Removed' } },
    refusals: [409],
  },
  {
    method: 'post',
    path: `${API}/public/join/{code}`,
    operationId: 'joinByEnrolment',
    tag: 'Self-enrolment',
    summary: "A customer gets a pass from a template's join page (no credentials); the link to it goes by email",
    description:
      '`{code}` is the last part of the template\'s `enrolment.join_url`. `birthday` and `phone` only where the template asks them. 409 `invalid_state` while the plan has no room for another pass.',
    access: 'public',
    body: joinBody,
    answers: {
      201: { description: 'A new pass for this email', body: joinedResponse },
      202: { description: 'The email has a pass of this template: its link was mailed again', body: joinSentResponse },
    },
    refusals: [404, 409],
  },
  {
    method: 'post',
    path: `${API}/auth/accept-invite`,
    operationId: 'acceptInvite',
    tag: 'Users',
    summary: "Accept an invite with the link's token and a password: logs the new user in",
    access: 'public',
    body: acceptInviteBody,
    answers: { 200: { description: 'An access token, as a login answers', body: loginResponse } },
    refusals: [401],
  },

  // Templates
  {
    method: 'post',
    path: `${BUSINESS}/templates`,
    operationId: 'createTemplate',
    tag: 'Templates',
    summary: 'Create a template',
    access: 'credential',
    body: createTemplateBody,
    answers: { 201: { description: 'The template', body: templateResponse } },
  },
  {
    method: 'get',
    path: `${BUSINESS}/templates`,
    operationId: 'listTemplates',
    tag: 'Templates',
    summary: "The business's templates, oldest first",
    access: 'credential',
    answers: { 200: { description: 'The templates', body: templateListResponse } },
  },
  {
    method: 'get',
    path: TEMPLATE,
    operationId: 'getTemplate',
    tag: 'Templates',
    summary: 'A template',
    access: 'credential',
    answers: { 200: { description: 'The template', body: templateResponse } },
  },
  {
    method: 'patch',
    path: TEMPLATE,
    operationId: 'updateTemplate',
    tag: 'Templates',
    summary: 'Change a template: only the fields sent change; nested objects merge one level deep',
    access: 'credential',
    body: updateTemplateBody,
    answers: { 200: { description: 'The changed template', body: templateResponse } },
  },
  {
    method: 'put',
    path: `${TEMPLATE}/images/{slot}`,
    operationId: 'putTemplateImage',
    tag: 'Templates',
    summary: "Upload the template's logo, icon or strip: the image is the body",
    description:
      'A PNG or JPEG of at most 5 MiB and 4096×4096 pixels, its media type as Content-Type. It is decoded, re-encoded as PNG at the sizes ' +
      'wallets ask for (logo within 160×50 points, icon 29×29, strip 375×123; @1x to @3x) and kept without its metadata. Not an image, ' +
      'not the type it claims, too many pixels or cut off: 422 with the reason. Passes of the template update in the wallets.',
    access: 'credential',
    binaryBody: ['image/png', 'image/jpeg'],
    answers: { 200: { description: 'The template, naming the image by hash with its address', body: templateResponse } },
  },
  {
    method: 'delete',
    path: `${TEMPLATE}/images/{slot}`,
    operationId: 'deleteTemplateImage',
    tag: 'Templates',
    summary: "Remove the template's logo, icon or strip: its passes show the defaults again",
    access: 'credential',
    answers: { 200: { description: 'The template', body: templateResponse } },
  },

  // Milestones
  {
    method: 'post',
    path: `${BUSINESS}/milestones`,
    operationId: 'createMilestone',
    tag: 'Milestones',
    summary: "Create a reward milestone on a template (Free: 1 active, 402 `reward_milestones`); another business's template is 404",
    access: 'credential',
    body: createMilestoneBody,
    answers: { 201: { description: 'The milestone', body: milestoneResponse } },
    refusals: [404],
  },
  {
    method: 'get',
    path: `${BUSINESS}/milestones`,
    operationId: 'listMilestones',
    tag: 'Milestones',
    summary: "The business's milestones in the caller's mode, oldest first, archived ones included; a page at a time",
    access: 'credential',
    query: milestoneListQuery,
    answers: { 200: { description: 'A page of milestones', body: milestoneListResponse } },
    refusals: [422],
  },
  {
    method: 'get',
    path: MILESTONE,
    operationId: 'getMilestone',
    tag: 'Milestones',
    summary: 'A milestone',
    access: 'credential',
    answers: { 200: { description: 'The milestone', body: milestoneResponse } },
  },
  {
    method: 'patch',
    path: MILESTONE,
    operationId: 'updateMilestone',
    tag: 'Milestones',
    summary: 'Change a milestone (name, threshold, reward, reward_expires_after_days); rewards already earned keep their terms',
    access: 'credential',
    body: updateMilestoneBody,
    answers: { 200: { description: 'The changed milestone', body: milestoneResponse } },
    refusals: [409],
  },
  {
    method: 'delete',
    path: MILESTONE,
    operationId: 'archiveMilestone',
    tag: 'Milestones',
    summary: 'Archive a milestone: it stops earning, rewards already earned stay',
    access: 'credential',
    answers: { 200: { description: 'The archived milestone', body: milestoneResponse } },
  },

  // Automations
  {
    method: 'post',
    path: `${BUSINESS}/automations`,
    operationId: 'createAutomation',
    tag: 'Automations',
    summary: 'Create an automation: a trigger, an optional template, 1 to 5 actions (Pro only: 402 `automations` on Free; at most 50 a business, the 51st is 422)',
    access: 'credential',
    body: createAutomationBody,
    answers: { 201: { description: 'The automation, with its stats', body: automationResponse } },
  },
  {
    method: 'get',
    path: `${BUSINESS}/automations`,
    operationId: 'listAutomations',
    tag: 'Automations',
    summary: "The business's automations in the caller's mode, oldest first; a page at a time",
    access: 'credential',
    query: pageQuery,
    answers: { 200: { description: 'A page of automations', body: automationListResponse } },
    refusals: [422],
  },
  {
    method: 'get',
    path: AUTOMATION,
    operationId: 'getAutomation',
    tag: 'Automations',
    summary: 'An automation, with how many runs it made and when the last was',
    access: 'credential',
    answers: { 200: { description: 'The automation', body: automationResponse } },
  },
  {
    method: 'patch',
    path: AUTOMATION,
    operationId: 'updateAutomation',
    tag: 'Automations',
    summary: 'Change an automation (name, template_id, trigger, actions, enabled); enabling one on Free is 402 `automations`',
    access: 'credential',
    body: updateAutomationBody,
    answers: { 200: { description: 'The changed automation', body: automationResponse } },
  },
  {
    method: 'delete',
    path: AUTOMATION,
    operationId: 'deleteAutomation',
    tag: 'Automations',
    summary: 'Delete an automation: it stops; what it did stays on its passes',
    access: 'credential',
    answers: { 204: { description: 'Deleted' } },
  },
  {
    method: 'get',
    path: `${AUTOMATION}/runs`,
    operationId: 'listAutomationRuns',
    tag: 'Automations',
    summary: 'What the automation did, newest first: the pass, the occurrence, when, and each action `done`, `skipped` or `failed` with its detail; a page at a time',
    access: 'credential',
    query: pageQuery,
    answers: { 200: { description: 'A page of runs', body: automationRunListResponse } },
    refusals: [422],
  },
  {
    method: 'post',
    path: `${AUTOMATION}/test`,
    operationId: 'testAutomation',
    tag: 'Automations',
    summary: 'Whether the automation would fire for a pass (any identifier) now, why, and what each action would come to; changes nothing',
    access: 'credential',
    body: testAutomationBody,
    answers: { 200: { description: 'The dry run', body: automationTestResponse } },
  },

  // Analytics
  {
    method: 'get',
    path: `${BUSINESS}/analytics`,
    operationId: 'getAnalytics',
    tag: 'Analytics',
    summary: "The business's counts day by day in a time zone (both plans; at most 366 days), and its passes active and installed now",
    access: 'credential',
    query: analyticsQuery,
    answers: { 200: { description: 'The days and their totals', body: analyticsResponse } },
    refusals: [404, 422],
  },
  {
    method: 'post',
    path: `${BUSINESS}/analytics/exports`,
    operationId: 'createAnalyticsExport',
    tag: 'Analytics',
    summary: 'Queue a CSV export of the days, the passes or their events (Pro; 402 `analytics_export` on Free)',
    access: 'credential',
    body: createAnalyticsExportBody,
    answers: { 202: { description: 'The export, queued', body: analyticsExportResponse } },
    refusals: [404],
  },
  {
    method: 'get',
    path: `${BUSINESS}/analytics/exports/{export_id}`,
    operationId: 'getAnalyticsExport',
    tag: 'Analytics',
    summary: 'An export: its status, and once ready its rows, bytes, download_url and expires_at',
    access: 'credential',
    answers: { 200: { description: 'The export', body: analyticsExportResponse } },
  },
  {
    method: 'get',
    path: `${BUSINESS}/analytics/exports/{export_id}/download`,
    operationId: 'downloadAnalyticsExport',
    tag: 'Analytics',
    summary: "A ready export's CSV (RFC 4180, a header row, formula cells neutralised), as an attachment; 409 before it is ready",
    access: 'credential',
    answers: { 200: { description: 'The CSV file', body: z.string(), mediaType: 'text/csv; charset=utf-8' } },
    refusals: [409],
  },
  // Campaigns
  {
    method: 'post',
    path: `${BUSINESS}/campaigns`,
    operationId: 'createCampaign',
    tag: 'Campaigns',
    summary: 'Create a campaign: a draft, or scheduled with `send_at` (in the future, at most 90 days ahead); Free: 1, 402 `campaigns`',
    access: 'credential',
    body: createCampaignBody,
    answers: { 201: { description: 'The campaign', body: campaignResponse } },
  },
  {
    method: 'get',
    path: `${BUSINESS}/campaigns`,
    operationId: 'listCampaigns',
    tag: 'Campaigns',
    summary: "The business's campaigns in the caller's mode, oldest first; a page at a time",
    access: 'credential',
    query: pageQuery,
    answers: { 200: { description: 'A page of campaigns', body: campaignListResponse } },
    refusals: [422],
  },
  {
    method: 'get',
    path: CAMPAIGN,
    operationId: 'getCampaign',
    tag: 'Campaigns',
    summary: 'A campaign, with its stats so far',
    access: 'credential',
    answers: { 200: { description: 'The campaign', body: campaignResponse } },
  },
  {
    method: 'patch',
    path: CAMPAIGN,
    operationId: 'updateCampaign',
    tag: 'Campaigns',
    summary: 'Change a draft or scheduled campaign; `send_at: null` makes it a draft again',
    access: 'credential',
    body: updateCampaignBody,
    answers: { 200: { description: 'The changed campaign', body: campaignResponse } },
    refusals: [409],
  },
  {
    method: 'delete',
    path: CAMPAIGN,
    operationId: 'deleteCampaign',
    tag: 'Campaigns',
    summary: 'Delete a draft',
    access: 'credential',
    answers: { 204: { description: 'Deleted' } },
    refusals: [409],
  },
  {
    method: 'post',
    path: `${CAMPAIGN}/send`,
    operationId: 'sendCampaign',
    tag: 'Campaigns',
    summary: 'Send a draft or scheduled campaign now; it is sent in the background',
    access: 'credential',
    answers: { 202: { description: 'The campaign, sending', body: campaignResponse } },
    refusals: [409],
  },
  {
    method: 'post',
    path: `${CAMPAIGN}/cancel`,
    operationId: 'cancelCampaign',
    tag: 'Campaigns',
    summary: 'Cancel a draft or scheduled campaign',
    access: 'credential',
    answers: { 200: { description: 'The cancelled campaign', body: campaignResponse } },
    refusals: [409],
  },
  {
    method: 'post',
    path: `${CAMPAIGN}/preview`,
    operationId: 'previewCampaign',
    tag: 'Campaigns',
    summary: "The audience's size now, and how many of it are past Google's notification quota",
    access: 'credential',
    answers: { 200: { description: 'The audience size', body: campaignPreviewResponse } },
  },
  {
    method: 'get',
    path: `${CAMPAIGN}/recipients`,
    operationId: 'listCampaignRecipients',
    tag: 'Campaigns',
    summary: 'The passes a campaign messaged, in the order it messaged them, and how each message went; a page at a time',
    access: 'credential',
    query: pageQuery,
    answers: { 200: { description: 'A page of recipients', body: campaignRecipientListResponse } },
    refusals: [422],
  },

  // Passes
  {
    method: 'post',
    path: `${BUSINESS}/passes`,
    operationId: 'issuePass',
    tag: 'Passes',
    summary: 'Issue a pass',
    access: 'credential',
    body: issuePassBody,
    answers: { 201: { description: 'The pass', body: passResponse } },
    refusals: [409],
  },
  {
    method: 'post',
    path: `${BUSINESS}/passes/bulk`,
    operationId: 'bulkIssuePasses',
    tag: 'Bulk',
    summary: 'Issue up to 500 passes (Pro); each item succeeds or fails on its own',
    access: 'credential',
    body: bulkIssueBody,
    answers: { 200: { description: 'One result per item, in request order, however many failed', body: bulkIssueResponse } },
  },
  {
    method: 'patch',
    path: `${BUSINESS}/passes/bulk`,
    operationId: 'bulkUpdatePasses',
    tag: 'Bulk',
    summary: 'Update up to 500 passes (Pro); each item succeeds or fails on its own',
    access: 'credential',
    body: bulkUpdateBody,
    answers: { 200: { description: 'One result per item, in request order, however many failed', body: bulkUpdateResponse } },
  },
  {
    method: 'get',
    path: `${BUSINESS}/passes`,
    operationId: 'listPasses',
    tag: 'Passes',
    summary: "The business's passes in the credential's mode, oldest first: searched by the beginning of any word, filtered, paged",
    description:
      '`q` matches a pass when each of its words begins a word of the customer name, email, external id or serial number, case-insensitively. A page may hold fewer than `limit` passes while `has_more` is true: the search reads a bounded number of passes per request.',
    access: 'credential',
    query: passListQuery,
    answers: { 200: { description: 'A page of passes', body: passListResponse } },
    refusals: [422],
  },
  {
    method: 'get',
    path: `${BUSINESS}/customers`,
    operationId: 'listCustomers',
    tag: 'Customers',
    summary: "The business's customers (its passes grouped by customer email), searched by the beginning of any word of name or email",
    access: 'credential',
    query: customerListQuery,
    answers: { 200: { description: 'A page of customers, each with their passes and totals', body: customerListResponse } },
    refusals: [422],
  },
  {
    method: 'get',
    path: `${BUSINESS}/customers/{email}`,
    operationId: 'getCustomer',
    tag: 'Customers',
    summary: 'One customer by email (case-insensitive): their passes, totals and last activity',
    access: 'credential',
    answers: { 200: { description: 'The customer', body: customerResponse } },
  },
  {
    method: 'get',
    path: `${BUSINESS}/passes/lookup/email/{email}`,
    operationId: 'lookUpPassesByEmail',
    tag: 'Passes',
    summary: 'The passes of a customer email, matched case-insensitively',
    access: 'credential',
    answers: { 200: { description: 'Summaries of the passes', body: passSummaryListResponse } },
  },
  {
    method: 'get',
    path: `${BUSINESS}/passes/lookup/external/{external_id}`,
    operationId: 'lookUpPassByExternalId',
    tag: 'Passes',
    summary: 'The pass with an external_id',
    access: 'credential',
    answers: { 200: { description: 'A summary of the pass', body: passSummaryResponse } },
  },
  {
    method: 'get',
    path: PASS,
    operationId: 'getPass',
    tag: 'Passes',
    summary: 'A pass, now or as it was at `as_of`',
    access: 'credential',
    query: asOfQuery,
    answers: { 200: { description: 'The pass', body: passResponse } },
    refusals: [422],
  },
  {
    method: 'patch',
    path: PASS,
    operationId: 'updatePass',
    tag: 'Passes',
    summary: 'Change a pass; `null` restores the template’s barcode or NFC message',
    access: 'credential',
    body: updatePassBody,
    answers: { 200: pass },
    refusals: [409],
  },
  {
    method: 'delete',
    path: PASS,
    operationId: 'voidPass',
    tag: 'Passes',
    summary: 'Void a pass (kept, with voided_at)',
    access: 'credential',
    answers: { 200: { description: 'The voided pass', body: passResponse } },
    refusals: [409],
  },
  {
    method: 'get',
    path: `${PASS}/events`,
    operationId: 'getPassHistory',
    tag: 'Passes',
    summary: "A page of the pass's events, oldest first",
    access: 'credential',
    query: historyQuery,
    answers: { 200: { description: 'The events', body: passHistoryResponse } },
  },
  {
    method: 'get',
    path: `${PASS}/rewards`,
    operationId: 'listPassRewards',
    tag: 'Passes',
    summary: "The pass's rewards, newest first, with their status now; a page at a time",
    access: 'credential',
    query: pageQuery,
    answers: { 200: { description: 'A page of rewards', body: rewardListResponse } },
    refusals: [422],
  },
  {
    method: 'post',
    path: `${PASS}/rewards/{reward_id}/redeem`,
    operationId: 'redeemReward',
    tag: 'Passes',
    summary: "Redeem an available reward: the milestone's threshold comes off the metric and the rule runs again",
    access: 'credential',
    answers: { 200: pass },
    refusals: [409],
  },
  passAction('stamp', 'Add stamps', { query: stampQuery }),
  passAction('points', 'Add or spend points', { query: pointsQuery }),
  passAction('charge', 'Charge the balance', { query: amountQuery }),
  passAction('topup', 'Top up the balance (a null balance starts at 0)', { query: amountQuery }),
  passAction('checkin', "Check the pass in; the template's scan cooldown applies (429 scan_cooldown)", { refusals: [409, 429] }),
  passAction('redeem', 'Redeem the pass'),
  passAction('reactivate', 'Reactivate a voided pass'),

  // Scans
  {
    method: 'post',
    path: `${BUSINESS}/scans`,
    operationId: 'scan',
    tag: 'Scans',
    summary: 'Verify, or check in, the pass a scanner read',
    access: 'credential',
    body: scanBody,
    answers: { 200: { description: 'The verdict and the pass', body: scanResponse } },
    refusals: [429],
  },

  // Webhooks
  {
    method: 'post',
    path: `${BUSINESS}/webhooks`,
    operationId: 'registerWebhook',
    tag: 'Webhooks',
    summary: 'Register a webhook; its signing secret is shown this once',
    access: 'credential',
    body: createWebhookBody,
    answers: { 201: { description: 'The webhook with its `secret`', body: registeredWebhookResponse } },
  },
  {
    method: 'get',
    path: `${BUSINESS}/webhooks`,
    operationId: 'listWebhooks',
    tag: 'Webhooks',
    summary: "The business's webhooks, never their secrets",
    access: 'credential',
    answers: { 200: { description: 'The webhooks', body: webhookListResponse } },
  },
  {
    method: 'get',
    path: WEBHOOK,
    operationId: 'getWebhook',
    tag: 'Webhooks',
    summary: 'A webhook',
    access: 'credential',
    answers: { 200: { description: 'The webhook', body: webhookResponse } },
  },
  {
    method: 'delete',
    path: WEBHOOK,
    operationId: 'deleteWebhook',
    tag: 'Webhooks',
    summary: 'Delete a webhook; nothing more is sent to it',
    access: 'credential',
    answers: { 204: { description: 'Deleted' } },
  },
  {
    method: 'get',
    path: `${WEBHOOK}/deliveries`,
    operationId: 'listDeliveries',
    tag: 'Webhooks',
    summary: "The webhook's latest 100 deliveries, newest first; each kept 30 days after its last attempt",
    access: 'credential',
    answers: { 200: { description: 'The deliveries', body: deliveryListResponse } },
  },
  {
    method: 'post',
    path: `${WEBHOOK}/deliveries/{delivery_id}/retry`,
    operationId: 'retryDelivery',
    tag: 'Webhooks',
    summary: 'Send a delivery again, now',
    access: 'credential',
    answers: { 202: { description: 'The delivery, due now', body: deliveryResponse } },
    refusals: [409],
  },

  // Customers
  {
    method: 'post',
    path: `${API}/public/customer/magic-link`,
    operationId: 'requestMagicLink',
    tag: 'Customers',
    summary: 'Email a link to the passes of an address; the answer is the same whether or not it has any',
    access: 'public',
    body: magicLinkBody,
    answers: { 200: { description: 'Always sent: true', body: magicLinkResponse } },
  },
  {
    method: 'get',
    path: `${API}/public/customer/passes`,
    operationId: 'listCustomerPasses',
    tag: 'Customers',
    summary: "The passes of the link's email across businesses",
    access: 'public',
    query: customerTokenQuery,
    answers: { 200: { description: 'The passes and when the link expires', body: customerPassListResponse } },
    refusals: [401],
  },

  // This document
  {
    method: 'get',
    path: `${API}/openapi.json`,
    operationId: 'getOpenApiDocument',
    tag: 'Reference',
    summary: 'This OpenAPI 3.1 document',
    access: 'public',
    answers: { 200: { description: 'The document', body: z.looseObject({ openapi: z.string() }) } },
  },

  ...PAYMENT_OPERATIONS,

  // Health, at the server root
  {
    method: 'get',
    path: '/healthz',
    operationId: 'getLiveness',
    tag: 'Health',
    summary: 'The process is up',
    access: 'public',
    answers: { 200: { description: 'Up', body: livenessResponse } },
  },
  {
    method: 'get',
    path: '/readyz',
    operationId: 'getReadiness',
    tag: 'Health',
    summary: 'Whether every store answers and every projection has caught up',
    access: 'public',
    answers: {
      200: { description: 'Ready', body: readinessResponse },
      503: { description: 'Not ready: a store does not answer, a projection is behind, or a follower of the event feed is starting over', body: readinessResponse },
    },
  },
];
