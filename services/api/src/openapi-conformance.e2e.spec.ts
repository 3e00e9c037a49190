/**
 * Real answers of the embedded stack match the OpenAPI document: every operation is called, its successes
 * and the usual refusals, and each answer's status and body are checked against the zod schemas the
 * document is generated from (testing/documented-client.ts).
 */
import { API_OPERATIONS } from '@passes/contracts';
import sharp from 'sharp';
import { customerToken } from './testing/customer-links';
import { DocumentedClient } from './testing/documented-client';
import { registerBusiness, type TestBusiness } from './testing/fixtures';
import { ManualClock } from './testing/manual-clock';
import { inviteTokenFor, passwordResetTokenFor } from './testing/mailed-links';
import { signedEvent, startStripeMock, type StripeStandIn } from './testing/stripe-stand-in';
import { TestServer } from './testing/test-server';
import type { PassBody } from './testing/wire-types';

/** Nothing listens there: deliveries fail and stay pending, so one can be retried. */
const UNREACHABLE_HOOK = 'http://127.0.0.1:9/hook';

let server: TestServer;
let client: DocumentedClient;
let business: TestBusiness;
let key: string;
let keyId: string;
let pass: PassBody;
let stripe: StripeStandIn;

const own = () => ({ business_id: business.businessId });
const ofPass = () => ({ ...own(), identifier: pass.id });

beforeAll(async () => {
  // Long enough for stripe-mock's first build, should npm test's pretest not have made it.
  stripe = await startStripeMock();
  server = await TestServer.start(new ManualClock(new Date()), { webhookAllowPrivate: true, workPollIntervalMs: 20, stripe: { ...stripe.settings, proPrice: 'price_pro_monthly' } });
  client = new DocumentedClient(server);
  business = await registerBusiness(server);
  await server.changePlan(business.businessId, 'pro');
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

describe('Answers of the running service, checked against the OpenAPI document', () => {
  it('accounts: register, log in, the business, API keys', async () => {
    const email = `conformance-${Date.now()}@example.com`;
    expect((await client.call('register', { body: { business_name: 'Conformance', email, password: 'a-long-password' } })).status).toBe(201);
    expect((await client.call('register', { body: { business_name: 'Conformance', email, password: 'a-long-password' } })).status).toBe(409);
    expect((await client.call('login', { body: { email, password: 'a-long-password' } })).status).toBe(200);
    expect((await client.call('login', { body: { email, password: 'wrong-password' } })).status).toBe(401);
    expect((await client.call('requestPasswordReset', { body: { email } })).status).toBe(200);
    await server.settled();
    const reset = await client.call<{ access_token: string }>('resetPassword', { body: { token: await passwordResetTokenFor(server, email), password: 'a-longer-password' } });
    expect(reset.status).toBe(200);
    expect((await client.call('resetPassword', { body: { token: 'used-or-unknown', password: 'a-long-password' } })).status).toBe(401);
    const changed = { token: reset.body.access_token, body: { current_password: 'a-longer-password', new_password: 'the-longest-password' } };
    const rechanged = await client.call<{ access_token: string }>('changePassword', changed);
    expect(rechanged.status).toBe(200);
    expect((await client.call('changePassword', { ...changed, token: rechanged.body.access_token })).status).toBe(422);
    expect((await client.call('logout', { token: rechanged.body.access_token })).status).toBe(204);
    expect((await client.call('logout', { token: rechanged.body.access_token })).status).toBe(401);
    expect((await client.call('getOwnBusiness', { token: business.token })).status).toBe(200);
    expect((await client.call('getOwnBusiness')).status).toBe(401);
    const created = await client.call<{ id: string; key: string }>('createApiKey', { path: own(), token: business.token, body: { name: 'Till' } });
    expect(created.status).toBe(201);
    ({ id: keyId, key } = created.body);
    expect((await client.call('listApiKeys', { path: own(), token: business.token })).status).toBe(200);
    expect((await client.call('listApiKeys', { path: own(), apiKey: key })).status).toBe(403);
  });

  it('templates', async () => {
    const template = { ...own(), template_id: business.templateId };
    expect((await client.call('createTemplate', { path: own(), apiKey: key, body: { name: 'Gift card', pass_type: 'gift_card', currency: 'GBP' } })).status).toBe(201);
    expect((await client.call('listTemplates', { path: own(), apiKey: key })).status).toBe(200);
    expect((await client.call('getTemplate', { path: template, apiKey: key })).status).toBe(200);
    expect((await client.call('getTemplate', { path: { ...own(), template_id: 'no-such-template' }, apiKey: key })).status).toBe(404);
    expect((await client.call('updateTemplate', { path: template, apiKey: key, body: { logo_text: 'Café', scan_security: { scan_cooldown: 0 } } })).status).toBe(200);
    expect((await client.call('updateTemplate', { path: template, apiKey: key, body: { colors: { background: 'red' } } })).status).toBe(422);
    const logo = await sharp({ create: { width: 320, height: 100, channels: 3, background: '#0b5fff' } }).png().toBuffer();
    const image = (rawBody: Uint8Array | string, contentType: string) => ({ path: { ...template, slot: 'logo' }, apiKey: key, rawBody, headers: { 'content-type': contentType } });
    expect((await client.call('putTemplateImage', image(new Uint8Array(logo), 'image/png'))).status).toBe(200);
    expect((await client.call('putTemplateImage', image('not an image', 'image/png'))).status).toBe(422);
    expect((await client.call('putTemplateImage', image('{}', 'application/json'))).status).toBe(415);
    expect((await client.call('deleteTemplateImage', { path: { ...template, slot: 'logo' }, apiKey: key })).status).toBe(200);
  });

  it('webhooks, registered before passes so that their events make deliveries', async () => {
    expect((await client.call('registerWebhook', { path: own(), apiKey: key, body: { url: UNREACHABLE_HOOK, description: 'conformance' } })).status).toBe(201);
  });

  it('passes: issue, bulk, look up, read, history', async () => {
    const issued = await client.call<PassBody>('issuePass', {
      path: own(),
      apiKey: key,
      body: { template_id: business.templateId, customer_name: 'Ada', customer_email: 'ada@example.com', external_id: 'member-1', initial_balance: 10.5, metadata: { tier: 'gold', visits: 3 } },
    });
    expect(issued.status).toBe(201);
    pass = issued.body;
    expect((await client.call('issuePass', { path: own(), apiKey: key, body: { template_id: business.templateId, external_id: 'member-1' } })).status).toBe(409);
    const bulkIssue = await client.call('bulkIssuePasses', { path: own(), apiKey: key, body: { passes: [{ template_id: business.templateId }, { template_id: business.templateId, customer_email: 'not-an-email' }] } });
    expect(bulkIssue.status).toBe(200);
    expect((await client.call('bulkUpdatePasses', { path: own(), apiKey: key, body: { passes: [{ identifier: pass.id, points: 5 }, { identifier: 'nobody' }] } })).status).toBe(200);
    expect((await client.call('lookUpPassesByEmail', { path: { ...own(), email: 'ADA@example.com' }, apiKey: key })).status).toBe(200);
    expect((await client.call('lookUpPassByExternalId', { path: { ...own(), external_id: 'member-1' }, apiKey: key })).status).toBe(200);
    expect((await client.call('lookUpPassByExternalId', { path: { ...own(), external_id: 'member-404' }, apiKey: key })).status).toBe(404);
    expect((await client.call('getPass', { path: ofPass(), apiKey: key })).status).toBe(200);
    expect((await client.call('getPass', { path: ofPass(), apiKey: key, query: { as_of: pass.updated_at } })).status).toBe(200);
    expect((await client.call('getPass', { path: ofPass(), apiKey: key, query: { as_of: 'yesterday' } })).status).toBe(422);
    expect((await client.call('getPassHistory', { path: ofPass(), apiKey: key, query: { limit: '2' } })).status).toBe(200);
    expect((await client.call('getPassHistory', { path: ofPass(), apiKey: key, query: { limit: '0' } })).status).toBe(400);
  });

  it('browsing passes and customers', async () => {
    expect((await client.call('listPasses', { path: own(), apiKey: key, query: { q: 'ada', status: 'active', limit: '10' } })).status).toBe(200);
    expect((await client.call('listPasses', { path: own(), apiKey: key, query: { status: 'lost' } })).status).toBe(400);
    expect((await client.call('listPasses', { path: own(), apiKey: key, query: { cursor: '%%' } })).status).toBe(422);
    expect((await client.call('listCustomers', { path: own(), apiKey: key, query: { q: 'ada' } })).status).toBe(200);
    expect((await client.call('getCustomer', { path: { ...own(), email: 'ADA@example.com' }, apiKey: key })).status).toBe(200);
    expect((await client.call('getCustomer', { path: { ...own(), email: 'nobody@example.com' }, apiKey: key })).status).toBe(404);
  });

  it('pass actions and scans', async () => {
    expect((await client.call('updatePass', { path: ofPass(), apiKey: key, body: { customer_name: 'Ada L.', nfc_data: null } })).status).toBe(200);
    expect((await client.call('stampPass', { path: ofPass(), apiKey: key, query: { count: '2' } })).status).toBe(200);
    expect((await client.call('pointsPass', { path: ofPass(), apiKey: key, query: { points: '10' } })).status).toBe(200);
    expect((await client.call('pointsPass', { path: ofPass(), apiKey: key, query: { points: '-1000' } })).status).toBe(400);
    expect((await client.call('topupPass', { path: ofPass(), apiKey: key, query: { amount: '5.25' } })).status).toBe(200);
    expect((await client.call('chargePass', { path: ofPass(), apiKey: key, query: { amount: '1.10' } })).status).toBe(200);
    expect((await client.call('chargePass', { path: ofPass(), apiKey: key, query: { amount: '100000' } })).status).toBe(400);
    expect((await client.call('scan', { path: own(), apiKey: key, body: { code: pass.serial_number } })).status).toBe(200);
    expect((await client.call('scan', { path: own(), apiKey: key, body: { code: 'no-such-code', mode: 'checkin' } })).status).toBe(200);
    expect((await client.call('checkinPass', { path: ofPass(), apiKey: key })).status).toBe(200);
    // The template allows a single check-in.
    expect((await client.call('checkinPass', { path: ofPass(), apiKey: key })).status).toBe(429);
    expect((await client.call('redeemPass', { path: ofPass(), apiKey: key })).status).toBe(200);
    expect((await client.call('voidPass', { path: ofPass(), apiKey: key })).status).toBe(200);
    expect((await client.call('topupPass', { path: ofPass(), apiKey: key, query: { amount: '1' } })).status).toBe(409);
    expect((await client.call('reactivatePass', { path: ofPass(), apiKey: key })).status).toBe(200);
  });

  it('milestones and the rewards of a pass', async () => {
    const body = { template_id: business.templateId, name: 'Coffee round', metric: 'stamps', threshold: 3, reward: { title: 'A free coffee' } };
    const created = await client.call<{ id: string }>('createMilestone', { path: own(), apiKey: key, body });
    expect(created.status).toBe(201);
    expect((await client.call('createMilestone', { path: own(), apiKey: key, body: { ...body, threshold: 0 } })).status).toBe(422);
    expect((await client.call('createMilestone', { path: own(), apiKey: key, body: { ...body, template_id: 'no-such-template' } })).status).toBe(404);
    const milestone = { ...own(), milestone_id: created.body.id };
    expect((await client.call('listMilestones', { path: own(), apiKey: key, query: { template_id: business.templateId, limit: '10' } })).status).toBe(200);
    expect((await client.call('getMilestone', { path: milestone, apiKey: key })).status).toBe(200);
    expect((await client.call('getMilestone', { path: { ...own(), milestone_id: 'no-such-milestone' }, apiKey: key })).status).toBe(404);
    expect((await client.call('updateMilestone', { path: milestone, apiKey: key, body: { reward: { title: 'A free cake', description: 'Any slice' } } })).status).toBe(200);
    const card = await client.call<PassBody>('issuePass', { path: own(), apiKey: key, body: { template_id: business.templateId } });
    const stamped = await client.call<PassBody>('stampPass', { path: { ...own(), identifier: card.body.id }, apiKey: key, query: { count: '3' } });
    const reward = { ...own(), identifier: card.body.id, reward_id: stamped.body.rewards[0]!.id };
    expect((await client.call('listPassRewards', { path: { ...own(), identifier: card.body.id }, apiKey: key, query: { limit: '1' } })).status).toBe(200);
    expect((await client.call('redeemReward', { path: reward, apiKey: key })).status).toBe(200);
    expect((await client.call('redeemReward', { path: reward, apiKey: key })).status).toBe(409);
    expect((await client.call('redeemReward', { path: { ...reward, reward_id: 'no-such-reward' }, apiKey: key })).status).toBe(404);
    expect((await client.call('archiveMilestone', { path: milestone, apiKey: key })).status).toBe(200);
    expect((await client.call('updateMilestone', { path: milestone, apiKey: key, body: { name: 'Archived' } })).status).toBe(409);
  });

  it('analytics', async () => {
    const range = { from: '2026-11-01', to: '2026-11-30' };
    expect((await client.call('getAnalytics', { path: own(), apiKey: key, query: { ...range, tz: 'Asia/Kathmandu', template_id: business.templateId } })).status).toBe(200);
    expect((await client.call('getAnalytics', { path: own(), apiKey: key, query: { ...range, tz: 'Nowhere/Else' } })).status).toBe(422);
    expect((await client.call('getAnalytics', { path: own(), apiKey: key, query: { ...range, template_id: 'no-such-template' } })).status).toBe(404);
    const queued = await client.call<{ id: string }>('createAnalyticsExport', { path: own(), apiKey: key, body: { kind: 'daily', ...range, tz: 'Europe/London' } });
    expect(queued.status).toBe(202);
    expect((await client.call('createAnalyticsExport', { path: own(), apiKey: key, body: { kind: 'passes', template_id: 'no-such-template' } })).status).toBe(404);
    const exported = { ...own(), export_id: queued.body.id };
    for (let tries = 0; tries < 400 && (await client.call<{ status: string }>('getAnalyticsExport', { path: exported, apiKey: key })).body.status !== 'ready'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await client.call('downloadAnalyticsExport', { path: exported, apiKey: key })).status).toBe(200);
    expect((await client.call('getAnalyticsExport', { path: { ...own(), export_id: 'no-such-export' }, apiKey: key })).status).toBe(404);
  });

  it('online payments, against stripe-mock', async () => {
    const account = await client.call<{ account_id: string }>('connectPaymentAccount', { path: own(), apiKey: key });
    expect(account.status).toBe(200);
    /** On the business's connected account, or (`platform`) on the platform's own, where Pro is sold. */
    const stripeEvent = (type: string, object: Record<string, unknown>, on: 'connected' | 'platform' = 'connected') => {
      const { body, signature } = signedEvent(type, object, server.clock.now(), on === 'connected' ? { account: account.body.account_id } : {});
      return client.call('receiveStripeEvent', { rawBody: body, headers: { 'stripe-signature': signature } });
    };
    const enabled = { id: account.body.account_id, object: 'account', charges_enabled: true, metadata: { business_id: business.businessId } };
    expect((await stripeEvent('account.updated', enabled)).status).toBe(200);
    expect((await client.call('receiveStripeEvent', { rawBody: '{}', headers: { 'stripe-signature': 't=1,v1=forged' } })).status).toBe(400);
    expect((await client.call('getPaymentAccount', { path: own(), apiKey: key })).status).toBe(200);
    expect((await client.call('chooseTopUpAmounts', { path: own(), apiKey: key, body: { top_up_amounts: [5, 10, 20] } })).status).toBe(200);
    expect((await client.call('chooseTopUpAmounts', { path: own(), apiKey: key, body: { top_up_amounts: [] } })).status).toBe(422);
    const wallet = await client.call<PassBody>('issuePass', { path: own(), apiKey: key, body: { template_id: business.templateId, initial_balance: 5 } });
    const link = await client.call<{ id: string }>('createPaymentLink', { path: { ...own(), identifier: wallet.body.id }, apiKey: key, body: { amount: 10 } });
    expect(link.status).toBe(201);
    expect((await client.call('createPaymentLink', { path: { ...own(), identifier: wallet.body.id }, apiKey: key, body: { amount: 0.5 } })).status).toBe(422);
    const reference = { payment_id: link.body.id, pass_id: wallet.body.id, business_id: business.businessId };
    const session = { id: 'cs_test_conformance', object: 'checkout.session', payment_status: 'paid', payment_intent: 'pi_conformance', amount_total: 1000, expires_at: 1_900_000_000, metadata: reference };
    expect((await stripeEvent('checkout.session.completed', session)).status).toBe(200);
    expect((await client.call('listPayments', { path: own(), apiKey: key, query: { limit: '10' } })).status).toBe(200);
    expect((await client.call('refundPayment', { path: { ...own(), payment_id: link.body.id }, apiKey: key, body: { amount: 2.5 } })).status).toBe(200);
    expect((await client.call('refundPayment', { path: { ...own(), payment_id: link.body.id }, apiKey: key, body: { amount: 100 } })).status).toBe(422);
    const secret = new URL(wallet.body.download_url).pathname.split('/').at(-1) ?? '';
    const topUp = { serial_number: wallet.body.serial_number };
    expect((await client.call('startPublicTopUp', { path: topUp, body: { amount: 5, token: secret } })).status).toBe(200);
    expect((await client.call('startPublicTopUp', { path: topUp, body: { amount: 5, token: 'wrong' } })).status).toBe(404);
    expect((await client.call('startSubscription', { path: own(), token: business.token })).status).toBe(200);
    expect((await client.call('startSubscription', { path: own(), apiKey: key })).status).toBe(403);
    const subscription = { id: 'sub_conformance', object: 'subscription', status: 'active', cancel_at_period_end: false, metadata: { business_id: business.businessId }, items: { object: 'list', data: [] } };
    expect((await stripeEvent('customer.subscription.created', subscription, 'platform')).status).toBe(200);
    expect((await client.call('getSubscription', { path: own(), token: business.token })).status).toBe(200);
    expect((await client.call('cancelSubscription', { path: own(), token: business.token })).status).toBe(200);
  });

  it('campaigns, their audience and their recipients', async () => {
    const body = { name: 'Double stamps', message: { header: 'Double stamps', body: 'This Friday only.' } };
    const created = await client.call<{ id: string }>('createCampaign', { path: own(), apiKey: key, body });
    expect(created.status).toBe(201);
    expect((await client.call('createCampaign', { path: own(), apiKey: key, body: { ...body, message: { header: '', body: 'x' } } })).status).toBe(422);
    const campaign = { ...own(), campaign_id: created.body.id };
    expect((await client.call('listCampaigns', { path: own(), apiKey: key, query: { limit: '10' } })).status).toBe(200);
    expect((await client.call('getCampaign', { path: { ...own(), campaign_id: 'no-such-campaign' }, apiKey: key })).status).toBe(404);
    expect((await client.call('updateCampaign', { path: campaign, apiKey: key, body: { audience: { min_stamps: 0 } } })).status).toBe(200);
    expect((await client.call('previewCampaign', { path: campaign, apiKey: key })).status).toBe(200);
    expect((await client.call('sendCampaign', { path: campaign, apiKey: key })).status).toBe(202);
    let sent = await client.call<{ status: string }>('getCampaign', { path: campaign, apiKey: key });
    while (sent.body.status !== 'sent') sent = await client.call('getCampaign', { path: campaign, apiKey: key });
    expect((await client.call('listCampaignRecipients', { path: campaign, apiKey: key, query: { limit: '1' } })).status).toBe(200);
    expect((await client.call('sendCampaign', { path: campaign, apiKey: key })).status).toBe(409);
    expect((await client.call('deleteCampaign', { path: campaign, apiKey: key })).status).toBe(409);
    const other = await client.call<{ id: string }>('createCampaign', { path: own(), apiKey: key, body });
    expect((await client.call('cancelCampaign', { path: { ...own(), campaign_id: other.body.id }, apiKey: key })).status).toBe(200);
    const draft = await client.call<{ id: string }>('createCampaign', { path: own(), apiKey: key, body });
    expect((await client.call('deleteCampaign', { path: { ...own(), campaign_id: draft.body.id }, apiKey: key })).status).toBe(204);
  });

  it('automations, their runs and a dry run', async () => {
    const body = { name: 'Welcome points', trigger: { type: 'pass_issued' }, actions: [{ type: 'add_points', points: 10 }] };
    const created = await client.call<{ id: string }>('createAutomation', { path: own(), apiKey: key, body });
    expect(created.status).toBe(201);
    expect((await client.call('createAutomation', { path: own(), apiKey: key, body: { ...body, actions: [] } })).status).toBe(422);
    const automation = { ...own(), automation_id: created.body.id };
    expect((await client.call('listAutomations', { path: own(), apiKey: key, query: { limit: '10' } })).status).toBe(200);
    expect((await client.call('getAutomation', { path: automation, apiKey: key })).status).toBe(200);
    expect((await client.call('getAutomation', { path: { ...own(), automation_id: 'no-such-automation' }, apiKey: key })).status).toBe(404);
    expect((await client.call('updateAutomation', { path: automation, apiKey: key, body: { enabled: false } })).status).toBe(200);
    const card = await client.call<PassBody>('issuePass', { path: own(), apiKey: key, body: { template_id: business.templateId } });
    expect((await client.call('testAutomation', { path: automation, apiKey: key, body: { pass: card.body.id } })).status).toBe(200);
    expect((await client.call('listAutomationRuns', { path: automation, apiKey: key, query: { limit: '10' } })).status).toBe(200);
    expect((await client.call('deleteAutomation', { path: automation, apiKey: key })).status).toBe(204);
  });

  it('webhooks and their deliveries', async () => {
    const list = await client.call<{ data: { id: string }[] }>('listWebhooks', { path: own(), apiKey: key });
    expect(list.status).toBe(200);
    const webhook = { ...own(), webhook_id: list.body.data[0]!.id };
    expect((await client.call('getWebhook', { path: webhook, apiKey: key })).status).toBe(200);
    let deliveries = await client.call<{ data: { id: string }[] }>('listDeliveries', { path: webhook, apiKey: key });
    while (deliveries.body.data.length === 0) deliveries = await client.call('listDeliveries', { path: webhook, apiKey: key });
    expect((await client.call('retryDelivery', { path: { ...webhook, delivery_id: deliveries.body.data[0]!.id }, apiKey: key })).status).toBe(202);
    expect((await client.call('retryDelivery', { path: { ...webhook, delivery_id: 'no-such-delivery' }, apiKey: key })).status).toBe(404);
    expect((await client.call('deleteWebhook', { path: webhook, apiKey: key })).status).toBe(204);
  });

  it('users and roles: invite, list, accept, change a role, remove', async () => {
    const invited = await client.call<{ id: string }>('inviteUser', { path: own(), token: business.token, body: { email: 'staff@example.com', role: 'staff' } });
    expect(invited.status).toBe(201);
    expect((await client.call('inviteUser', { path: own(), token: business.token, body: { email: 'staff@example.com', role: 'staff' } })).status).toBe(409);
    expect((await client.call('listUsers', { path: own(), token: business.token })).status).toBe(200);
    const accepted = await client.call<{ access_token: string }>('acceptInvite', { body: { token: await inviteTokenFor(server, 'staff@example.com'), password: 'a-long-password' } });
    expect(accepted.status).toBe(200);
    expect((await client.call('acceptInvite', { body: { token: 'used-or-unknown', password: 'a-long-password' } })).status).toBe(401);
    expect((await client.call('listUsers', { path: own(), token: accepted.body.access_token })).status).toBe(403);
    const user = { ...own(), user_id: invited.body.id };
    expect((await client.call('changeUserRole', { path: user, token: business.token, body: { role: 'manager' } })).status).toBe(200);
    expect((await client.call('removeUser', { path: user, token: business.token })).status).toBe(204);
    expect((await client.call('removeUser', { path: user, token: business.token })).status).toBe(404);
  });

  it('self-enrolment: a template opened for it, a join, a join again', async () => {
    const opened = await client.call<{ enrolment: { join_url: string } }>('updateTemplate', {
      path: { ...own(), template_id: business.templateId },
      token: business.token,
      body: { enrolment: { enabled: true, consent_text: 'I agree.' } },
    });
    expect(opened.status).toBe(200);
    const code = opened.body.enrolment.join_url.split('/join/')[1] ?? '';
    const joiner = { customer_name: 'Joan', customer_email: 'joan@example.com', consent: true };
    expect((await client.call('joinByEnrolment', { path: { code }, body: joiner })).status).toBe(201);
    expect((await client.call('joinByEnrolment', { path: { code }, body: joiner })).status).toBe(202);
    expect((await client.call('joinByEnrolment', { path: { code: 'unknown000' }, body: joiner })).status).toBe(404);
    expect((await client.call('joinByEnrolment', { path: { code }, body: { ...joiner, consent: false } })).status).toBe(422);
  });

  it('customers', async () => {
    expect((await client.call('requestMagicLink', { body: { email: 'ada@example.com' } })).status).toBe(200);
    const token = await customerToken(server, 'ada@example.com');
    expect((await client.call('listCustomerPasses', { query: { token } })).status).toBe(200);
    expect((await client.call('listCustomerPasses', { query: { token: 'forged' } })).status).toBe(401);
  });

  it('the refusals every body route shares: 400, 413, 415, 422 idempotency_mismatch; 402 on a Free plan', async () => {
    expect((await client.call('issuePass', { path: own(), apiKey: key, rawBody: '{"template_id":' })).status).toBe(400);
    expect((await client.call('issuePass', { path: own(), apiKey: key, rawBody: JSON.stringify({ template_id: 'x'.repeat(1_100_000) }) })).status).toBe(413);
    expect((await client.call('issuePass', { path: own(), apiKey: key, rawBody: 'template_id=x', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    const idempotent = { path: own(), apiKey: key, headers: { 'idempotency-key': 'conformance-1' } };
    expect((await client.call('createTemplate', { ...idempotent, body: { name: 'Once' } })).status).toBe(201);
    expect((await client.call('createTemplate', { ...idempotent, body: { name: 'Twice' } })).status).toBe(422);
    const free = await registerBusiness(server, 'Free Shop');
    const freeKey = await client.call<{ key: string }>('createApiKey', { path: { business_id: free.businessId }, token: free.token, body: { name: 'Till' } });
    expect((await client.call('listTemplates', { path: { business_id: free.businessId }, apiKey: freeKey.body.key })).status).toBe(402);
    expect((await client.call('listTemplates', { path: { business_id: free.businessId }, token: business.token })).status).toBe(403);
  });

  it('revoking a key, the document itself and health', async () => {
    expect((await client.call('revokeApiKey', { path: { ...own(), key_id: keyId }, token: business.token })).status).toBe(204);
    expect((await client.call('listTemplates', { path: own(), apiKey: key })).status).toBe(401);
    expect((await client.call('getOpenApiDocument')).status).toBe(200);
    expect((await client.call('getLiveness')).status).toBe(200);
    expect((await client.call('getReadiness')).status).toBe(200);
  });

  it('answered every call with a status and a body the document declares', () => {
    expect(client.problems).toEqual([]);
  });

  it('called every operation of the document with success', () => {
    const uncalled = API_OPERATIONS.filter((operation) => ![...(client.answered.get(operation.operationId) ?? [])].some((status) => status < 300)).map((operation) => operation.operationId);
    expect(uncalled).toEqual([]);
  });
});
