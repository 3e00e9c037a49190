/**
 * Automations over real HTTP (PROGRAMME §3): the resource and its validation, Pro only, the rules firing
 * on passes once per occurrence with the automation as the cause in the pass's history, the runs, the dry
 * run, a business back on Free, and the timed triggers on the sweep.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { until } from '../testing/eventually';
import { issuePass, registerBusiness, renewToken, type TestBusiness } from '../testing/fixtures';
import { TestServer } from '../testing/test-server';
import type { ErrorBody, PageBody, PassBody } from '../testing/wire-types';

interface AutomationBody {
  id: string;
  name: string;
  template_id: string | null;
  trigger: Record<string, unknown>;
  actions: Record<string, unknown>[];
  enabled: boolean;
  created_at: string;
  updated_at: string;
  stats: { runs: number; last_run_at: string | null };
}
interface RunBody {
  pass_id: string;
  occurrence: string;
  fired_at: string;
  actions: { type: string; status: string; detail: string | null }[];
}
interface HistoryEntry {
  type: string;
  data: Record<string, unknown>;
  actor: string;
  causation_id: string | null;
}
type Answer = AutomationBody & ErrorBody & { feature?: string; plan?: string };

const DAY_MS = 86_400_000;
let server: TestServer, pro: TestBusiness, free: TestBusiness, other: TestBusiness;
beforeAll(async () => {
  server = await TestServer.start(undefined, { workPollIntervalMs: 50 });
  [pro, free, other] = [await registerBusiness(server), await registerBusiness(server, 'Free Café'), await registerBusiness(server, 'Other Shop')];
  await server.changePlan(pro.businessId, 'pro');
  await server.changePlan(other.businessId, 'pro');
});
afterAll(() => server.stop());

const automations = (b: TestBusiness) => `/businesses/${b.businessId}/automations`;
const create = (b: TestBusiness, body: Record<string, unknown>) => server.request<Answer>('POST', automations(b), { token: b.token, body: { name: 'Rule', ...body } });
const welcome = { name: 'Welcome points', trigger: { type: 'pass_issued' }, actions: [{ type: 'add_points', points: 10 }] };
const getPass = async (b: TestBusiness, id: string) => (await server.request<PassBody>('GET', `/businesses/${b.businessId}/passes/${id}`, { token: b.token })).body;
const historyOf = async (b: TestBusiness, id: string) => (await server.request<{ data: HistoryEntry[] }>('GET', `/businesses/${b.businessId}/passes/${id}/events`, { token: b.token })).body.data;
const runsOf = async (b: TestBusiness, id: string, query = '') => (await server.request<PageBody<RunBody>>('GET', `${automations(b)}/${id}/runs${query}`, { token: b.token })).body;
const remove = (b: TestBusiness, id: string) => server.request('DELETE', `${automations(b)}/${id}`, { token: b.token });

describe('the automation resource', () => {
  it('is created with its terms, a delay of 0 by default, enabled, and no runs: 201', async () => {
    const answer = await create(pro, { ...welcome, template_id: pro.templateId });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      name: 'Welcome points',
      template_id: pro.templateId,
      trigger: { type: 'pass_issued', delay_minutes: 0 },
      actions: [{ type: 'add_points', points: 10 }],
      enabled: true,
      created_at: expect.any(String),
      updated_at: answer.body.created_at,
      stats: { runs: 0, last_run_at: null },
    });
    expect((await server.request('GET', `${automations(pro)}/${answer.body.id}`, { token: pro.token })).body).toEqual(answer.body);
    const list = await server.request<PageBody<AutomationBody>>('GET', automations(pro), { token: pro.token });
    expect(list.body).toEqual({ data: [answer.body], has_more: false, next_cursor: null });
    expect((await remove(pro, answer.body.id)).status).toBe(204);
    expect((await server.request('GET', `${automations(pro)}/${answer.body.id}`, { token: pro.token })).status).toBe(404);
  });

  it.each([
    [{ trigger: { type: 'visited' }, actions: welcome.actions }, 'trigger.type'],
    [{ trigger: { type: 'stamps_reached' }, actions: welcome.actions }, 'trigger.value'],
    [{ trigger: { type: 'inactive', days: 400 }, actions: welcome.actions }, 'trigger.days'],
    [{ trigger: welcome.trigger, actions: [] }, 'actions'],
    [{ trigger: welcome.trigger, actions: Array.from({ length: 6 }, () => ({ type: 'add_stamps', count: 1 })) }, 'actions'],
    [{ trigger: welcome.trigger, actions: [{ type: 'call_them' }] }, 'actions.0.type'],
    [{ trigger: welcome.trigger, actions: [{ type: 'send_email', subject: 'Hi' }] }, 'actions.0.body'],
    [{ trigger: welcome.trigger, actions: welcome.actions, template_id: 'no-such-template' }, 'template_id'],
  ])('%j is refused with 422 naming %s', async (body, path) => {
    const answer = await create(pro, body);
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body)).toContain(`"${path}"`);
  });

  it("names in a reward_earned trigger a milestone of its business and of its template, else 422 at trigger.milestone_id", async () => {
    const milestoneOf = async (b: TestBusiness, templateId: string) => {
      const body = { template_id: templateId, name: 'Coffee round', metric: 'stamps', threshold: 5, reward: { title: 'A free coffee' } };
      return (await server.request<{ id: string }>('POST', `/businesses/${b.businessId}/milestones`, { token: b.token, body })).body.id;
    };
    const secondTemplate = (await server.request<{ id: string }>('POST', `/businesses/${pro.businessId}/templates`, { token: pro.token, body: { name: 'Lunch card' } })).body.id;
    const [mine, mineOfSecond, others] = [await milestoneOf(pro, pro.templateId), await milestoneOf(pro, secondTemplate), await milestoneOf(other, other.templateId)];
    const onReward = (milestoneId: string) => ({ ...welcome, template_id: pro.templateId, trigger: { type: 'reward_earned', milestone_id: milestoneId } });
    const refusedAt = (answer: { status: number; body: unknown }) => [answer.status, JSON.stringify(answer.body).includes('"trigger.milestone_id"')];

    expect(refusedAt(await create(pro, onReward(others)))).toEqual([422, true]);
    expect(refusedAt(await create(pro, onReward('no-such-milestone')))).toEqual([422, true]);
    expect(refusedAt(await create(pro, onReward(mineOfSecond)))).toEqual([422, true]);
    const rule = await create(pro, onReward(mine));
    expect(rule.status).toBe(201);
    const patch = (body: Record<string, unknown>) => server.request('PATCH', `${automations(pro)}/${rule.body.id}`, { token: pro.token, body });
    expect(refusedAt(await patch({ template_id: secondTemplate }))).toEqual([422, true]);
    expect(refusedAt(await patch({ trigger: { type: 'reward_earned', milestone_id: others } }))).toEqual([422, true]);
    expect((await patch({ template_id: null })).status).toBe(200);
    await remove(pro, rule.body.id);
  });

  it("is the flat 402 naming automations on Free, for creating", async () => {
    const answer = await create(free, welcome);
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ error: 'pro_feature', feature: 'automations', plan: 'free' });
  });

  it("is another business's 404", async () => {
    const mine = await create(pro, welcome);
    for (const [method, suffix] of [['GET', ''], ['PATCH', ''], ['DELETE', ''], ['GET', '/runs']] as const) {
      expect((await server.request(method, `${automations(other)}/${mine.body.id}${suffix}`, { token: other.token, body: method === 'PATCH' ? { name: 'Mine' } : undefined })).status).toBe(404);
    }
    await remove(pro, mine.body.id);
  });

  it('allows 50 a business; the 51st is a 422', async () => {
    const business = await registerBusiness(server, 'Busy Café');
    await server.changePlan(business.businessId, 'pro');
    const rule = { ...welcome, enabled: false };
    for (let created = 0; created < 50; created++) expect((await create(business, rule)).status).toBe(201);
    const fiftyFirst = await create(business, rule);
    expect(fiftyFirst.status).toBe(422);
    expect(JSON.stringify(fiftyFirst.body)).toContain('"automations"');
  });
});

describe('a rule firing', () => {
  it('gives every new pass its points once, caused by the automation in the history, and counts the run', async () => {
    const rule = (await create(pro, welcome)).body;
    const pass = await issuePass(server, pro);
    await until(async () => (await getPass(pro, pass.id)).points === 10, 'the welcome points');
    const history = await historyOf(pro, pass.id);
    const issued = history.find((entry) => entry.type === 'PassIssued');
    expect(history.filter((entry) => entry.actor === `automation:${rule.id}`)).toEqual([
      expect.objectContaining({ type: 'PointsAdjusted', data: expect.objectContaining({ delta: 10 }), causation_id: expect.any(String) }),
      expect.objectContaining({ type: 'AutomationRan', data: expect.objectContaining({ automation_id: rule.id, occurrence: 'issued', depth: 1 }) }),
    ]);
    expect(history.find((entry) => entry.type === 'PointsAdjusted')?.causation_id).toBeDefined();
    expect(issued?.actor).toMatch(/^user:/);
    await until(async () => (await runsOf(pro, rule.id)).data.length === 1, 'the run');
    expect((await runsOf(pro, rule.id)).data).toEqual([{ pass_id: pass.id, occurrence: 'issued', fired_at: expect.any(String), actions: [{ type: 'add_points', status: 'done', detail: null }] }]);
    const read = (await server.request<AutomationBody>('GET', `${automations(pro)}/${rule.id}`, { token: pro.token })).body;
    expect(read.stats).toEqual({ runs: 1, last_run_at: expect.any(String) });
    await remove(pro, rule.id);
  });

  it('sends a message as a one-pass campaign: last_message on the pass, once', async () => {
    const rule = (await create(pro, { trigger: { type: 'pass_issued' }, actions: [{ type: 'send_message', header: 'Welcome', body: 'Your first coffee is on us' }] })).body;
    const pass = await issuePass(server, pro);
    await until(async () => (await getPass(pro, pass.id)).last_message !== null, 'the message');
    expect((await getPass(pro, pass.id)).last_message).toEqual({ campaign_id: null, header: 'Welcome', body: 'Your first coffee is on us', sent_at: expect.any(String) });
    await until(async () => (await runsOf(pro, rule.id)).data.length === 1, 'the run');
    expect((await runsOf(pro, rule.id)).data[0]?.actions).toEqual([{ type: 'send_message', status: 'done', detail: null }]);
    expect((await historyOf(pro, pass.id)).filter((entry) => entry.type === 'MessageSent')).toEqual([expect.objectContaining({ actor: `automation:${rule.id}` })]);
    await remove(pro, rule.id);
  });

  it('fires on the crossing of a stamp count, not while the pass stays above it', async () => {
    const rule = (await create(pro, { trigger: { type: 'stamps_reached', value: 3 }, actions: [{ type: 'add_points', points: 5 }] })).body;
    const pass = await issuePass(server, pro);
    const stamp = (count: number) => server.request('POST', `/businesses/${pro.businessId}/passes/${pass.id}/stamp?count=${count}`, { token: pro.token });
    await stamp(2);
    await stamp(2);
    await until(async () => (await getPass(pro, pass.id)).points === 5, 'the crossing');
    await stamp(1);
    await stamp(1);
    // Another rule's run after the stamps is the sign the feed has passed them.
    const marker = (await create(pro, { trigger: { type: 'stamps_reached', value: 7 }, actions: [{ type: 'add_points', points: 1 }] })).body;
    await stamp(1);
    await until(async () => (await getPass(pro, pass.id)).points === 6, 'the marker');
    expect((await runsOf(pro, rule.id)).data).toHaveLength(1);
    await remove(pro, rule.id);
    await remove(pro, marker.id);
  });

  it("never triggers itself, and a chain of automations stops at depth 3", async () => {
    // Each rule's points cross the next rule's value: 10 → 20 → 30 → 40 would be a fourth link.
    const links = [];
    for (const value of [10, 20, 30, 40]) {
      links.push((await create(pro, { trigger: { type: 'points_reached', value }, actions: [{ type: 'add_points', points: 10 }] })).body);
    }
    const pass = await issuePass(server, pro);
    await server.request('POST', `/businesses/${pro.businessId}/passes/${pass.id}/points?points=10`, { token: pro.token });
    await until(async () => (await getPass(pro, pass.id)).points === 40, 'three links');
    const ran = (await historyOf(pro, pass.id)).filter((entry) => entry.type === 'AutomationRan').map((entry) => entry.data['depth']);
    expect(ran).toEqual([1, 2, 3]);
    expect((await runsOf(pro, links[3]?.id ?? '')).data).toEqual([]);
    for (const link of links) await remove(pro, link.id);
  });

  it('a paused rule does not fire; enabling it again on Free is the 402', async () => {
    const business = await registerBusiness(server, 'Paused Café');
    await server.changePlan(business.businessId, 'pro');
    const rule = (await create(business, welcome)).body;
    const paused = await server.request<Answer>('PATCH', `${automations(business)}/${rule.id}`, { token: business.token, body: { enabled: false } });
    expect(paused.body.enabled).toBe(false);
    await server.changePlan(business.businessId, 'free');
    const enabled = await server.request<Answer>('PATCH', `${automations(business)}/${rule.id}`, { token: business.token, body: { enabled: true } });
    expect(enabled.status).toBe(402);
    expect(enabled.body).toMatchObject({ error: 'pro_feature', feature: 'automations' });
  });

  it('a business back on Free keeps its rules; their runs read skipped with detail plan', async () => {
    const business = await registerBusiness(server, 'Lapsed Café');
    await server.changePlan(business.businessId, 'pro');
    const rule = (await create(business, welcome)).body;
    await server.changePlan(business.businessId, 'free');
    const pass = await issuePass(server, business);
    await until(async () => (await runsOf(business, rule.id)).data.length === 1, 'the skipped run');
    expect((await runsOf(business, rule.id)).data[0]?.actions).toEqual([{ type: 'add_points', status: 'skipped', detail: 'plan' }]);
    expect((await getPass(business, pass.id)).points).toBe(0);
    expect((await server.request('GET', `${automations(business)}/${rule.id}`, { token: business.token })).status).toBe(200);
  });

  it('runs after its delay', async () => {
    const rule = (await create(pro, { trigger: { type: 'pass_issued', delay_minutes: 30 }, actions: [{ type: 'add_stamps', count: 1 }] })).body;
    const pass = await issuePass(server, pro);
    server.clock.advance(29 * 60_000);
    await renewToken(server, pro);
    // Another pass's immediate run shows the runner has looked since.
    const marker = (await create(pro, welcome)).body;
    const next = await issuePass(server, pro);
    await until(async () => (await getPass(pro, next.id)).points === 10, 'the marker');
    expect((await getPass(pro, pass.id)).stamps).toBe(0);
    server.clock.advance(60_000);
    await until(async () => (await getPass(pro, pass.id)).stamps === 1, 'the delayed run');
    await remove(pro, rule.id);
    await remove(pro, marker.id);
  });
});

describe('runs and the dry run', () => {
  it('pages the runs, newest first', async () => {
    const rule = (await create(pro, { trigger: { type: 'pass_issued' }, actions: [{ type: 'add_stamps', count: 1 }] })).body;
    const passes = [await issuePass(server, pro), await issuePass(server, pro), await issuePass(server, pro)];
    await until(async () => (await runsOf(pro, rule.id)).data.length === 3, 'three runs');
    const first = await runsOf(pro, rule.id, '?limit=2');
    expect(first.has_more).toBe(true);
    const second = await runsOf(pro, rule.id, `?limit=2&cursor=${first.next_cursor}`);
    expect([...first.data, ...second.data].map((run) => run.pass_id).sort()).toEqual(passes.map((pass) => pass.id).sort());
    expect(second.has_more).toBe(false);
    await remove(pro, rule.id);
  });

  it('tells whether a rule would fire for a real pass, and why, changing nothing', async () => {
    const rule = (await create(pro, { trigger: { type: 'stamps_reached', value: 5 }, actions: [{ type: 'add_points', points: 5 }, { type: 'send_email', subject: 'Thanks', body: 'Thanks!' }], enabled: false })).body;
    const pass = await issuePass(server, pro, { customer_email: null });
    const test = (body: Record<string, unknown>) => server.request<{ would_fire: boolean; reason: string; actions: unknown[] }>('POST', `${automations(pro)}/${rule.id}/test`, { token: pro.token, body });
    const paused = await test({ pass: pass.serial_number });
    expect(paused.status).toBe(200);
    expect(paused.body).toEqual({
      would_fire: false,
      reason: expect.stringContaining('paused'),
      actions: [
        { type: 'add_points', status: 'done', detail: null },
        { type: 'send_email', status: 'skipped', detail: 'no_email' },
      ],
    });
    await server.request('PATCH', `${automations(pro)}/${rule.id}`, { token: pro.token, body: { enabled: true } });
    expect((await test({ pass: pass.id })).body).toMatchObject({ would_fire: true });
    expect((await getPass(pro, pass.id)).points).toBe(0);
    expect((await test({ pass: 'no-such-pass' })).status).toBe(404);
    expect((await test({})).status).toBe(422);
    await remove(pro, rule.id);
  });
});

describe('timed triggers', () => {
  it('inactive: fires once per quiet spell, after its days without activity', async () => {
    const business = await registerBusiness(server, 'Quiet Café');
    await server.changePlan(business.businessId, 'pro');
    const rule = (await create(business, { trigger: { type: 'inactive', days: 30 }, actions: [{ type: 'add_points', points: 7 }] })).body;
    const pass = await issuePass(server, business);
    server.clock.advance(30 * DAY_MS + 60_000);
    await renewToken(server, business);
    await until(async () => (await getPass(business, pass.id)).points === 7, 'the quiet spell');
    server.clock.advance(2 * 60_000);
    // A later sweep of the same spell fires nothing more: the run is the spell's.
    const marker = (await create(business, { trigger: { type: 'inactive', days: 30 }, actions: [{ type: 'add_stamps', count: 1 }] })).body;
    server.clock.advance(60_000);
    await until(async () => (await getPass(business, pass.id)).stamps === 1, 'a later sweep');
    expect((await runsOf(business, rule.id)).data).toHaveLength(1);
    expect((await getPass(business, pass.id)).points).toBe(7);
    await remove(business, marker.id);
  });

  it('birthday: fires on the day in UTC, once that year', async () => {
    const business = await registerBusiness(server, 'Birthday Café');
    await server.changePlan(business.businessId, 'pro');
    const rule = (await create(business, { trigger: { type: 'birthday' }, actions: [{ type: 'add_stamps', count: 2 }] })).body;
    const today = server.clock.now().toISOString().slice(5, 10);
    const pass = await issuePass(server, business, { metadata: { birthday: `--${today}` } });
    server.clock.advance(60_000);
    await until(async () => (await getPass(business, pass.id)).stamps === 2, 'the birthday');
    expect((await runsOf(business, rule.id)).data).toEqual([expect.objectContaining({ occurrence: `birthday:${server.clock.now().getUTCFullYear()}` })]);
  });
});
