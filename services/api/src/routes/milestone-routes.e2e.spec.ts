/**
 * Reward milestones over real HTTP (PROGRAMME §1): create, list, read, change and archive; validation,
 * Free's one active milestone, another business's templates and milestones, sandbox apart from live.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createApiKey, registerBusiness, startWithTwoBusinesses, type TestBusiness } from '../testing/fixtures';
import type { TestServer } from '../testing/test-server';
import type { ErrorBody, MilestoneBody, PageBody } from '../testing/wire-types';

let server: TestServer, business: TestBusiness, other: TestBusiness;
beforeAll(async () => {
  ({ server, business, other } = await startWithTwoBusinesses());
});
afterAll(() => server.stop());

const milestones = (b: TestBusiness) => `/businesses/${b.businessId}/milestones`;
type Answer = MilestoneBody & ErrorBody & { feature?: string; plan?: string };
const create = (b: TestBusiness, body: Record<string, unknown>, auth: { token?: string; apiKey?: string } = { token: b.token }) =>
  server.request<Answer>('POST', milestones(b), { ...auth, body: { template_id: b.templateId, ...body } });
const coffee = { name: 'Coffee round', metric: 'stamps', threshold: 10, reward: { title: 'A free coffee' } };
const me = async (b: TestBusiness) => (await server.request<{ limits: Record<string, unknown>; usage: Record<string, unknown> }>('GET', '/businesses/me', { token: b.token })).body;

describe('a Free business', () => {
  let created: MilestoneBody;

  it('creates a milestone: 201 with its terms, active', async () => {
    const answer = await create(business, { ...coffee, reward: { title: ' A free coffee ', description: 'Any size' }, reward_expires_after_days: 30 });
    expect(answer.status).toBe(201);
    created = answer.body;
    expect(created).toEqual({
      id: expect.any(String),
      template_id: business.templateId,
      name: 'Coffee round',
      metric: 'stamps',
      threshold: 10,
      reward: { title: 'A free coffee', description: 'Any size' },
      reward_expires_after_days: 30,
      status: 'active',
      created_at: expect.any(String),
      updated_at: created.created_at,
    });
    expect(await me(business)).toMatchObject({ limits: { reward_milestones: 1 }, usage: { reward_milestones: 1 } });
  });

  it('reads it back by id and in the list, which is paged', async () => {
    expect((await server.request('GET', `${milestones(business)}/${created.id}`, { token: business.token })).body).toEqual(created);
    const list = await server.request<PageBody<MilestoneBody>>('GET', `${milestones(business)}?template_id=${business.templateId}`, { token: business.token });
    expect(list.body).toEqual({ data: [created], has_more: false, next_cursor: null });
    const elsewhere = await server.request<PageBody<MilestoneBody>>('GET', `${milestones(business)}?template_id=another`, { token: business.token });
    expect(elsewhere.body.data).toEqual([]);
  });

  it('is refused a second active milestone with the flat 402 naming reward_milestones', async () => {
    const second = await create(business, { ...coffee, name: 'Second' });
    expect(second.status).toBe(402);
    expect(second.body).toMatchObject({ error: 'pro_feature', feature: 'reward_milestones', plan: 'free' });
  });

  it('changes the terms a PATCH names and keeps the others', async () => {
    const changed = await server.request<Answer>('PATCH', `${milestones(business)}/${created.id}`, {
      token: business.token,
      body: { threshold: 8, reward_expires_after_days: null },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ threshold: 8, reward_expires_after_days: null, name: 'Coffee round', reward: { title: 'A free coffee', description: 'Any size' } });
  });

  it('archives with DELETE (200, archived), which frees the place for another', async () => {
    const archived = await server.request<Answer>('DELETE', `${milestones(business)}/${created.id}`, { token: business.token });
    expect(archived.status).toBe(200);
    expect(archived.body.status).toBe('archived');
    expect(await me(business)).toMatchObject({ usage: { reward_milestones: 0 } });
    expect((await create(business, { ...coffee, name: 'Next round' })).status).toBe(201);
    const list = await server.request<PageBody<MilestoneBody>>('GET', milestones(business), { token: business.token });
    expect(list.body.data.map((milestone) => milestone.status)).toEqual(['archived', 'active']);
  });

  it('refuses to change an archived milestone (409 invalid_state)', async () => {
    const changed = await server.request<Answer>('PATCH', `${milestones(business)}/${created.id}`, { token: business.token, body: { name: 'Again' } });
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('invalid_state');
  });
});

describe('creations at once on Free', () => {
  it('take the one place among them: one 201, the others 402', async () => {
    const racing = await registerBusiness(server, 'Racing Café');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => create(racing, { ...coffee, name: `Round ${index}` })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 402, 402, 402, 402, 402]);
  });
});

describe('validation', () => {
  it.each([
    ['a threshold of 0', { threshold: 0 }, 'threshold'],
    ['a threshold over 100000', { threshold: 100_001 }, 'threshold'],
    ['a fractional threshold', { threshold: 2.5 }, 'threshold'],
    ['an unknown metric', { metric: 'visits' }, 'metric'],
    ['an empty reward title', { reward: { title: '  ' } }, 'reward.title'],
    ['a reward title over 100 characters', { reward: { title: 'x'.repeat(101) } }, 'reward.title'],
    ['a description over 500 characters', { reward: { title: 'Coffee', description: 'x'.repeat(501) } }, 'reward.description'],
    ['an expiry of 3651 days', { reward_expires_after_days: 3651 }, 'reward_expires_after_days'],
    ['an unknown field', { colour: 'red' }, ''],
  ])('refuses %s with 422 and details', async (_case, change, path) => {
    const answer = await create(business, { ...coffee, ...change });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('validation_error');
    expect(answer.body.error.details?.map((detail) => detail.path)).toContain(path);
  });

  it('refuses a PATCH of the metric, which is fixed at creation', async () => {
    const [first] = (await server.request<PageBody<MilestoneBody>>('GET', milestones(business), { token: business.token })).body.data;
    const answer = await server.request<Answer>('PATCH', `${milestones(business)}/${first?.id}`, { token: business.token, body: { metric: 'points' } });
    expect(answer.status).toBe(422);
  });

  it('refuses a limit over 200 and a cursor of no page with the list', async () => {
    expect((await server.request('GET', `${milestones(business)}?limit=201`, { token: business.token })).status).toBe(400);
    expect((await server.request('GET', `${milestones(business)}?cursor=bm9wZQ`, { token: business.token })).status).toBe(422);
  });
});

describe('another business', () => {
  it("cannot put a milestone on this business's template (404)", async () => {
    const answer = await create(other, coffee, { token: other.token });
    expect(answer.status).toBe(201);
    const onTheirs = await server.request<Answer>('POST', milestones(other), { token: other.token, body: { ...coffee, template_id: business.templateId } });
    expect(onTheirs.status).toBe(404);
  });

  it("neither reads, changes nor archives this business's milestones (404), nor lists them", async () => {
    const [mine] = (await server.request<PageBody<MilestoneBody>>('GET', milestones(business), { token: business.token })).body.data;
    const path = `${milestones(other)}/${mine?.id}`;
    expect((await server.request('GET', path, { token: other.token })).status).toBe(404);
    expect((await server.request('PATCH', path, { token: other.token, body: { name: 'Mine now' } })).status).toBe(404);
    expect((await server.request('DELETE', path, { token: other.token })).status).toBe(404);
    const theirs = await server.request<PageBody<MilestoneBody>>('GET', milestones(other), { token: other.token });
    expect(theirs.body.data.map((milestone) => milestone.id)).not.toContain(mine?.id);
  });
});

describe('a Pro business', () => {
  it('pages through its milestones with limit and next_cursor', async () => {
    const pro = await registerBusiness(server, 'Pro Café');
    await server.changePlan(pro.businessId, 'pro');
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await create(pro, { ...coffee, threshold: i * 10 })).body.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '?limit=2' : `?limit=2&cursor=${cursor}`;
      const page: PageBody<MilestoneBody> = (await server.request<PageBody<MilestoneBody>>('GET', `${milestones(pro)}${query}`, { token: pro.token })).body;
      seen.push(...page.data.map((milestone) => milestone.id));
      expect(page.has_more).toBe(page.next_cursor !== null);
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(seen).toEqual(ids);
  });
});

describe('sandbox milestones', () => {
  it('are apart from live ones: a sandbox key sees and counts only its own', async () => {
    const sandbox = await registerBusiness(server, 'Sandbox Café');
    // API keys are Pro's.
    await server.changePlan(sandbox.businessId, 'pro');
    const { key } = await createApiKey(server, sandbox, 'test');
    expect((await create(sandbox, coffee)).status).toBe(201);
    const test = await create(sandbox, { ...coffee, name: 'Sandbox round' }, { apiKey: key });
    expect(test.status).toBe(201);
    const listed = await server.request<PageBody<MilestoneBody>>('GET', milestones(sandbox), { apiKey: key });
    expect(listed.body.data.map((milestone) => milestone.name)).toEqual(['Sandbox round']);
    const live = await server.request<PageBody<MilestoneBody>>('GET', milestones(sandbox), { token: sandbox.token });
    expect(live.body.data.map((milestone) => milestone.name)).toEqual(['Coffee round']);
    expect((await server.request('GET', `${milestones(sandbox)}/${test.body.id}`, { token: sandbox.token })).status).toBe(404);
    expect(await me(sandbox)).toMatchObject({ usage: { reward_milestones: 1 } });
  });
});
