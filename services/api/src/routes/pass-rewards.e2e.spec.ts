/**
 * Rewards on passes over real HTTP (PROGRAMME §1): earned by stamps, points, PATCH, bulk update and an
 * auto-stamping scan; redeemed, deducting the threshold and earning again; every refusal; one winner of two
 * redeems at once; an Idempotency-Key's replay; the events in the history and `as_of`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { configureTemplate, createTemplate, issuePass, registerBusiness, startWithTwoBusinesses, type TestBusiness } from '../testing/fixtures';
import type { TestServer } from '../testing/test-server';
import type { ErrorBody, HistoryBody, MilestoneBody, PageBody, PassBody, RewardBody } from '../testing/wire-types';

let server: TestServer, business: TestBusiness, other: TestBusiness;
let coffee: MilestoneBody;
beforeAll(async () => {
  ({ server, business, other } = await startWithTwoBusinesses());
  await server.changePlan(business.businessId, 'pro');
  coffee = await milestone(business, { name: 'Coffee round', metric: 'stamps', threshold: 10, reward: { title: 'A free coffee' } });
});
afterAll(() => server.stop());

async function milestone(b: TestBusiness, body: Record<string, unknown>): Promise<MilestoneBody> {
  const created = await server.request<MilestoneBody>('POST', `/businesses/${b.businessId}/milestones`, { token: b.token, body: { template_id: b.templateId, ...body } });
  if (created.status !== 201) throw new Error(`milestone failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

const passPath = (id: string, b: TestBusiness = business) => `/businesses/${b.businessId}/passes/${id}`;
type Answer = PassBody & ErrorBody;
const stamp = (id: string, count: number) => server.request<Answer>('POST', `${passPath(id)}/stamp?count=${count}`, { token: business.token });
const redeem = (id: string, rewardId: string, headers: Record<string, string> = {}) =>
  server.request<Answer>('POST', `${passPath(id)}/rewards/${rewardId}/redeem`, { token: business.token, headers });
const getPass = async (id: string) => (await server.request<PassBody>('GET', passPath(id), { token: business.token })).body;

describe('a stamp card with "at 10 stamps, a free coffee"', () => {
  let pass: PassBody;
  let earned: RewardBody;

  beforeAll(async () => {
    pass = await issuePass(server, business);
  });

  it('shows no reward and the stamps still to collect before the tenth', async () => {
    const nine = await stamp(pass.id, 9);
    expect(nine.body).toMatchObject({ stamps: 9, rewards: [], next_reward: { milestone_id: coffee.id, title: 'A free coffee', metric: 'stamps', remaining: 1 } });
  });

  it('earns the reward with the tenth stamp, in the answer of that stamp', async () => {
    const tenth = await stamp(pass.id, 1);
    expect(tenth.status).toBe(200);
    expect(tenth.body.rewards).toEqual([
      {
        id: expect.any(String),
        milestone_id: coffee.id,
        title: 'A free coffee',
        description: null,
        status: 'available',
        earned_at: server.clock.now().toISOString(),
        redeemed_at: null,
        expires_at: null,
      },
    ]);
    expect(tenth.body.next_reward).toBeNull();
    [earned] = tenth.body.rewards as [RewardBody];
    expect((await getPass(pass.id)).rewards).toEqual(tenth.body.rewards);
  });

  it('earns no second reward of the milestone while one is available, however far the stamps go', async () => {
    // A minute on, so `as_of` can tell the earning from what followed.
    server.clock.advance(60_000);
    const more = await stamp(pass.id, 15);
    expect(more.body.stamps).toBe(25);
    expect(more.body.rewards).toHaveLength(1);
  });

  it('redeems it: 200 with the pass, the threshold deducted, and another reward earned from what is left', async () => {
    const redeemed = await redeem(pass.id, earned.id);
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.stamps).toBe(15);
    expect(redeemed.body.rewards.map((reward) => [reward.status, reward.id === earned.id])).toEqual([
      ['available', false],
      ['redeemed', true],
    ]);
    expect(redeemed.body.rewards[1]?.redeemed_at).toBe(server.clock.now().toISOString());
  });

  it('refuses to redeem a redeemed reward with 409 invalid_state, and an unknown one with 404', async () => {
    const again = await redeem(pass.id, earned.id);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('invalid_state');
    expect((await redeem(pass.id, 'no-such-reward')).status).toBe(404);
  });

  it("lists every reward, newest first, a page at a time", async () => {
    const first = await server.request<PageBody<RewardBody>>('GET', `${passPath(pass.id)}/rewards?limit=1`, { token: business.token });
    expect(first.body).toMatchObject({ has_more: true, data: [{ status: 'available' }] });
    const second = await server.request<PageBody<RewardBody>>('GET', `${passPath(pass.id)}/rewards?limit=1&cursor=${first.body.next_cursor}`, { token: business.token });
    expect(second.body).toEqual({ data: [expect.objectContaining({ id: earned.id, status: 'redeemed' })], has_more: false, next_cursor: null });
  });

  it('shows the reward events in its history and its rewards as they were at as_of', async () => {
    const history = await server.request<HistoryBody>('GET', `${passPath(pass.id)}/events`, { token: business.token });
    expect(history.body.data.map((entry) => entry.type)).toEqual(['PassIssued', 'PassStamped', 'PassStamped', 'RewardEarned', 'PassStamped', 'RewardRedeemed', 'RewardEarned']);
    const earnedAt = history.body.data[3]?.recorded_at ?? '';
    const then = await server.request<PassBody>('GET', `${passPath(pass.id)}?as_of=${encodeURIComponent(earnedAt)}`, { token: business.token });
    expect(then.body).toMatchObject({ stamps: 10, rewards: [{ id: earned.id, status: 'available' }] });
  });

  it('refuses a reward of a voided pass with 409 invalid_state', async () => {
    const voided = await issuePass(server, business);
    const [reward] = (await stamp(voided.id, 10)).body.rewards;
    await server.request('DELETE', passPath(voided.id), { token: business.token });
    const refused = await redeem(voided.id, reward?.id ?? '');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('invalid_state');
  });

  it("never redeems another pass's reward (404)", async () => {
    const mine = await issuePass(server, business);
    expect((await redeem(mine.id, earned.id)).status).toBe(404);
  });
});

describe('two redeems of one reward at the same instant', () => {
  it('exactly one wins: one 200, one 409, and the threshold is deducted once', async () => {
    const pass = await issuePass(server, business);
    const [reward] = (await stamp(pass.id, 12)).body.rewards;
    const answers = await Promise.all([redeem(pass.id, reward?.id ?? ''), redeem(pass.id, reward?.id ?? '')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await getPass(pass.id)).stamps).toBe(2);
  });
});

describe('a redeem under an Idempotency-Key', () => {
  it('replays the first answer and redeems once', async () => {
    const pass = await issuePass(server, business);
    const [reward] = (await stamp(pass.id, 10)).body.rewards;
    const headers = { 'idempotency-key': `redeem-${pass.id}` };
    const first = await redeem(pass.id, reward?.id ?? '', headers);
    await stamp(pass.id, 3);
    const replay = await redeem(pass.id, reward?.id ?? '', headers);
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect((await getPass(pass.id)).stamps).toBe(3);
  });
});

describe('every change of stamps or points runs the rule', () => {
  let points: TestBusiness;
  let fiver: MilestoneBody;
  beforeAll(async () => {
    points = await registerBusiness(server, 'Points Shop');
    await server.changePlan(points.businessId, 'pro');
    fiver = await milestone(points, { name: 'Fiver', metric: 'points', threshold: 250, reward: { title: '£5 off' }, reward_expires_after_days: 30 });
  });
  const pointsPass = () => issuePass(server, points);
  const path = (id: string) => passPath(id, points);

  it('points: a reward that expires after the milestone’s days', async () => {
    const pass = await pointsPass();
    const answer = await server.request<PassBody>('POST', `${path(pass.id)}/points?points=300`, { token: points.token });
    expect(answer.body.rewards).toMatchObject([{ milestone_id: fiver.id, title: '£5 off', expires_at: new Date(server.clock.now().getTime() + 30 * 86_400_000).toISOString() }]);
  });

  it('PATCH of points', async () => {
    const pass = await pointsPass();
    const answer = await server.request<PassBody>('PATCH', path(pass.id), { token: points.token, body: { points: 250 } });
    expect(answer.body.rewards).toHaveLength(1);
  });

  it('bulk update', async () => {
    const pass = await pointsPass();
    const answer = await server.request<{ succeeded: number }>('PATCH', `/businesses/${points.businessId}/passes/bulk`, {
      token: points.token,
      body: { passes: [{ identifier: pass.id, points: 260 }] },
    });
    expect(answer.body.succeeded).toBe(1);
    expect((await server.request<PassBody>('GET', path(pass.id), { token: points.token })).body.rewards).toHaveLength(1);
  });

  it('but not an archived milestone, whose rewards stay', async () => {
    const pass = await pointsPass();
    await server.request('POST', `${path(pass.id)}/points?points=250`, { token: points.token });
    await server.request('DELETE', `/businesses/${points.businessId}/milestones/${fiver.id}`, { token: points.token });
    const later = await pointsPass();
    const answer = await server.request<PassBody>('POST', `${path(later.id)}/points?points=500`, { token: points.token });
    expect(answer.body).toMatchObject({ rewards: [], next_reward: null });
    expect((await server.request<PassBody>('GET', path(pass.id), { token: points.token })).body.rewards).toMatchObject([{ status: 'available' }]);
  });
});

describe('a scan that stamps', () => {
  it('earns the reward with the stamp it adds', async () => {
    const shop = await registerBusiness(server, 'Scan Shop');
    await milestone(shop, { name: 'One visit', metric: 'stamps', threshold: 1, reward: { title: 'A biscuit' } });
    await configureTemplate(server, shop, { scan_security: { auto_stamp_on_scan: true } });
    const pass = await issuePass(server, shop);
    const scanned = await server.request<{ pass: { stamps: number } }>('POST', `/businesses/${shop.businessId}/scans`, {
      token: shop.token,
      body: { code: pass.barcode.message, mode: 'checkin' },
    });
    expect(scanned.body.pass.stamps).toBe(1);
    expect((await server.request<PassBody>('GET', passPath(pass.id, shop), { token: shop.token })).body.rewards).toMatchObject([{ title: 'A biscuit' }]);
  });
});

describe("another business's passes and templates", () => {
  it("do not earn this business's rewards", async () => {
    const theirs = await issuePass(server, other);
    const stamped = await server.request<PassBody>('POST', `${passPath(theirs.id, other)}/stamp?count=10`, { token: other.token });
    expect(stamped.body).toMatchObject({ rewards: [], next_reward: null });
  });

  it('a template without milestones has no next reward', async () => {
    const template = await createTemplate(server, business, { name: 'Plain' });
    const plain = await issuePass(server, business, { template_id: template.id });
    expect(plain).toMatchObject({ rewards: [], next_reward: null });
  });
});
