/**
 * Analytics over real HTTP (PROGRAMME §4): passes made with a varied history over two weeks that cross
 * DST changes (Europe's, and Lord Howe's of 30 minutes), campaign and automation messages among it, then
 * the query in several zones (30- and 45-minute offsets, a 30-minute DST) reconciled, day by day and
 * counter by counter, against what each pass's own history says; per template; sandbox apart from live;
 * bad dates, ranges and zones refused.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DomainError, type MessageSource, type PassEvent } from '@passes/domain';
import { appendPassEvents } from '../testing/event-seeding';
import { createApiKey, createTemplate, registerBusiness, renewToken, type TestBusiness } from '../testing/fixtures';
import { ManualClock } from '../testing/manual-clock';
import { TestServer } from '../testing/test-server';
import type { HistoryBody, PassBody } from '../testing/wire-types';

const COUNTERS = [
  'passes_issued',
  'passes_voided',
  'wallet_installs',
  'wallet_uninstalls',
  'scans',
  'check_ins',
  'stamps',
  'points_awarded',
  'points_spent',
  'rewards_earned',
  'rewards_redeemed',
  'charges',
  'charged_amount',
  'topups',
  'topped_up_amount',
  'messages_sent',
] as const;
type Counter = (typeof COUNTERS)[number];
type DayBody = Record<Counter, number> & { date: string };
interface AnalyticsBody {
  from: string;
  to: string;
  tz: string;
  totals: Record<Counter | 'active_passes' | 'installed_passes', number>;
  days: DayBody[];
}

const FROM = '2026-03-26';
const TO = '2026-04-15';
const ZONES = ['UTC', 'Europe/London', 'Asia/Kathmandu', 'Asia/Kolkata', 'America/St_Johns', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/New_York'];
const MINUTE = 60_000;

type Counted = Partial<Record<Counter, number>>;
/** Every counter, those never counted as 0. */
const full = (counted: Counted = {}) => Object.fromEntries(COUNTERS.map((counter) => [counter, counted[counter] ?? 0]));

let server: TestServer, business: TestBusiness, other: TestBusiness, apiKey: string, secondTemplate: string;
/** Every live pass made, and its template. */
const made: { id: string; templateId: string }[] = [];

/** What campaigns and automations sent the live passes: `sent` recorded (with their deliveries), `repeated` found their source had messaged the pass before. */
const messaging = { sent: 0, repeated: 0, deliveries: new Set<string>() };

/** Two campaigns and two occurrences of one automation's rule, each messaging a pass at most once. */
const SOURCES: MessageSource[] = [{ campaign_id: 'spring-menu' }, { campaign_id: 'easter' }, { automation_id: 'welcome-back', occurrence: 'spell-1' }, { automation_id: 'welcome-back', occurrence: 'spell-2' }];

/** A deterministic sequence, so a failure can be replayed. */
function sequence(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

const passPath = (id: string) => `/businesses/${business.businessId}/passes/${id}`;
const act = (path: string, body?: Record<string, unknown>) => server.request<PassBody & { data?: { id: string; status: string }[] }>('POST', path, { apiKey, body });

/** One thing that happens to a pass, through the API or (wallet registrations) as the wallet web service records it. */
async function happen(pass: PassBody, kind: number, amount: number, device: string): Promise<void> {
  const at = server.clock.now();
  switch (kind) {
    case 0:
      await act(`${passPath(pass.id)}/stamp?count=${1 + (amount % 3)}`);
      return;
    case 1:
      await act(`${passPath(pass.id)}/points?points=${5 + amount}`);
      return;
    case 2:
      await act(`${passPath(pass.id)}/points?points=-${1 + (amount % 6)}`);
      return;
    case 3:
      await server.request('POST', `/businesses/${business.businessId}/scans`, { apiKey, body: { code: pass.serial_number, mode: amount % 2 === 0 ? 'verify' : 'checkin' } });
      return;
    case 4:
      await act(`${passPath(pass.id)}/checkin`);
      return;
    case 5:
      await act(`${passPath(pass.id)}/charge?amount=${(1 + (amount % 4)).toFixed(2)}`);
      return;
    case 6:
      await act(`${passPath(pass.id)}/topup?amount=${(2 + amount / 100).toFixed(2)}`);
      return;
    case 7: {
      const rewards = await server.request<{ data: { id: string; status: string }[] }>('GET', `${passPath(pass.id)}/rewards`, { apiKey });
      const available = rewards.body.data.find((reward) => reward.status === 'available');
      if (available) await act(`${passPath(pass.id)}/rewards/${available.id}/redeem`);
      return;
    }
    case 8: {
      // A device registers; sometimes again with a new push token, which is no new install.
      const registration: PassEvent = { type: 'PassInstalled', data: { device_library_identifier: device, push_token: (amount % 2 === 0 ? 'ab' : 'cd').repeat(16), occurred_at: at.toISOString() } };
      await appendPassEvents(server.dataDir, business.businessId, pass.id, [registration], at);
      // A command after the seeded events: its answer waits until the read models reflect them too.
      await act(`${passPath(pass.id)}/points?points=1`);
      return;
    }
    case 9: {
      const removal: PassEvent = { type: 'PassUninstalled', data: { device_library_identifier: device, reason: 'unregistered', occurred_at: at.toISOString() } };
      await appendPassEvents(server.dataDir, business.businessId, pass.id, [removal], at);
      await act(`${passPath(pass.id)}/points?points=1`);
      return;
    }
    case 10:
      await server.request('DELETE', passPath(pass.id), { apiKey });
      return;
    case 11:
      await act(`${passPath(pass.id)}/reactivate`);
      return;
    default:
      await act(`${passPath(pass.id)}/redeem`);
  }
}

/** A message to the pass as a campaign or an automation sends it (they have no routes of their own here). */
async function message(passId: string, source: MessageSource): Promise<void> {
  try {
    const outcome = await server.sendMessage(business.businessId, passId, { header: 'This week', body: 'Two coffees for the price of one' }, source);
    if (!outcome.first) {
      messaging.repeated += 1;
    } else {
      messaging.sent += 1;
      messaging.deliveries.add(outcome.sent.delivery);
    }
  } catch (error) {
    // A voided pass refuses messages, and records none to count.
    if (!(error instanceof DomainError && error.code === 'invalid_state')) throw error;
  }
}

beforeAll(async () => {
  server = await TestServer.start(new ManualClock(new Date('2026-03-26T21:10:00.000Z')));
  business = await registerBusiness(server, 'Corner Café');
  other = await registerBusiness(server, 'Elsewhere');
  await server.changePlan(business.businessId, 'pro');
  apiKey = (await createApiKey(server, business)).key;
  secondTemplate = (await createTemplate(server, business, { name: 'Points card' })).id;
  for (const [templateId, metric, threshold] of [
    [business.templateId, 'stamps', 2],
    [secondTemplate, 'points', 10],
  ] as const) {
    const milestone = await server.request('POST', `/businesses/${business.businessId}/milestones`, {
      apiKey,
      body: { template_id: templateId, name: 'Reward', metric, threshold, reward: { title: 'A treat' } },
    });
    expect(milestone.status).toBe(201);
  }
  const next = sequence(36);
  // Apart from `next`, so the history the other counters reconcile stays the same.
  const messages = sequence(11);
  for (let index = 0; index < 14; index++) {
    const templateId = index % 3 === 2 ? secondTemplate : business.templateId;
    const issued = await server.request<PassBody>('POST', `/businesses/${business.businessId}/passes`, { apiKey, body: { template_id: templateId, initial_balance: 10, points: 3 } });
    expect(issued.status).toBe(201);
    made.push({ id: issued.body.id, templateId });
    for (let step = 0; step < 9; step++) {
      server.clock.advance((7 + next(230)) * MINUTE);
      // Four steps in nine; before the step's command, whose answer waits until the read models reflect the message too.
      const source = SOURCES[messages(9)];
      if (source !== undefined) await message(issued.body.id, source);
      await happen(issued.body, next(13), next(40), `device-${index}-${next(2)}`);
    }
  }
}, 120_000);
afterAll(() => server.stop());

const analytics = (query: string, key = apiKey) => server.request<AnalyticsBody & { error?: { code: string } }>('GET', `/businesses/${business.businessId}/analytics?${query}`, { apiKey: key });

async function historyOf(passId: string): Promise<HistoryBody['data']> {
  const history = await server.request<HistoryBody>('GET', `${passPath(passId)}/events?limit=1000`, { apiKey });
  expect(history.body.has_more).toBe(false);
  return history.body.data;
}

/** What the histories say, day by day in `zone`, counted here by rules stated afresh from PROGRAMME §4. */
async function expectedFrom(zone: string, templateId: string | null) {
  const dateOf = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const days = new Map<string, Counted>();
  let active = 0;
  let installed = 0;
  for (const pass of made.filter((candidate) => templateId === null || candidate.templateId === templateId)) {
    const devices = new Set<string>();
    let usable = true;
    for (const { type, data } of await historyOf(pass.id)) {
      const date = dateOf.format(new Date(String(data['occurred_at'])));
      const day = days.get(date) ?? {};
      days.set(date, day);
      const add = (counter: Counter, by = 1) => (day[counter] = (day[counter] ?? 0) + by);
      const number = (field: string) => Number(data[field]);
      const device = typeof data['device_library_identifier'] === 'string' ? data['device_library_identifier'] : null;
      if (type === 'PassIssued') add('passes_issued');
      if (type === 'PassVoided') add('passes_voided');
      if (type === 'PassInstalled' && device !== null && !devices.has(device)) add('wallet_installs');
      if (type === 'PassInstalled' && device !== null) devices.add(device);
      if (type === 'PassUninstalled' && device !== null && devices.delete(device)) add('wallet_uninstalls');
      if (type === 'PassScanned') add('scans');
      if (type === 'PassCheckedIn') add('check_ins');
      if (type === 'PassStamped') add('stamps', number('count'));
      if (type === 'PointsAdjusted') add(number('delta') > 0 ? 'points_awarded' : 'points_spent', Math.abs(number('delta')));
      if (type === 'RewardEarned') add('rewards_earned');
      if (type === 'RewardRedeemed') add('rewards_redeemed');
      if (type === 'RewardRedeemed' && data['metric'] === 'points') add('points_spent', number('deducted'));
      if (type === 'BalanceCharged') {
        add('charges');
        add('charged_amount', number('amount_minor'));
      }
      if (type === 'BalanceToppedUp') {
        add('topups');
        add('topped_up_amount', number('amount_minor'));
      }
      if (type === 'MessageSent') add('messages_sent');
      if (type === 'PassVoided' || type === 'PassRedeemed') usable = false;
      if (type === 'PassReactivated' || type === 'PassCheckedIn') usable = true;
    }
    if (usable) active += 1;
    if (devices.size > 0) installed += 1;
  }
  return { days, active, installed };
}

describe('GET /businesses/{id}/analytics', () => {
  it.each(ZONES)('agrees, day by day and counter by counter, with the history of every pass, in %s', async (zone) => {
    const answer = await analytics(`from=${FROM}&to=${TO}&tz=${encodeURIComponent(zone)}`);
    expect(answer.status).toBe(200);
    const expected = await expectedFrom(zone, null);
    expect(answer.body.from).toBe(FROM);
    expect(answer.body.to).toBe(TO);
    expect(answer.body.tz).toBe(zone);
    expect(answer.body.days.map((day) => day.date)).toEqual([...Array(21).keys()].map((offset) => new Date(Date.parse(`${FROM}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10)));
    for (const day of answer.body.days) {
      expect({ date: day.date, ...full(expected.days.get(day.date)) }).toEqual(day);
    }
    const outside = [...expected.days.keys()].filter((date) => date < FROM || date > TO);
    expect(outside).toEqual([]);
    for (const counter of COUNTERS) expect(answer.body.totals[counter]).toBe(answer.body.days.reduce((sum, day) => sum + day[counter], 0));
    expect(answer.body.totals.active_passes).toBe(expected.active);
    expect(answer.body.totals.installed_passes).toBe(expected.installed);
  });

  it('counts something of every kind the history holds (the reconciliation above is not of zeros)', async () => {
    const { totals } = (await analytics(`from=${FROM}&to=${TO}`)).body;
    expect(COUNTERS.filter((counter) => totals[counter] === 0)).toEqual([]);
  });

  it('counts each message once per pass, whatever its delivery, a source sending it again none', async () => {
    // The stack has no Google Wallet: a pass on an Apple device is delivered to, any other is in no wallet it updates.
    expect([...messaging.deliveries].sort()).toEqual(['delivered', 'not_installed']);
    expect(messaging.repeated).toBeGreaterThan(0);
    const { totals } = (await analytics(`from=${FROM}&to=${TO}`)).body;
    expect(totals.messages_sent).toBe(messaging.sent);
  });

  it("answers for one template's passes alone", async () => {
    const answer = await analytics(`from=${FROM}&to=${TO}&tz=Europe/Paris&template_id=${secondTemplate}`);
    expect(answer.status).toBe(200);
    const expected = await expectedFrom('Europe/Paris', secondTemplate);
    for (const day of answer.body.days) {
      expect({ date: day.date, ...full(expected.days.get(day.date)) }).toEqual(day);
    }
    expect(answer.body.totals.passes_issued).toBe(made.filter((pass) => pass.templateId === secondTemplate).length);
    expect(answer.body.totals.active_passes).toBe(expected.active);
    expect(answer.body.totals.installed_passes).toBe(expected.installed);
  });

  it("keeps a sandbox key's passes apart from live ones", async () => {
    await renewToken(server, business);
    const sandboxKey = (await createApiKey(server, business, 'test')).key;
    const issued = await server.request<PassBody>('POST', `/businesses/${business.businessId}/passes`, { apiKey: sandboxKey, body: { template_id: business.templateId } });
    expect(issued.status).toBe(201);
    const today = server.clock.now().toISOString().slice(0, 10);
    const sandbox = await analytics(`from=${today}&to=${today}`, sandboxKey);
    expect(sandbox.body.totals).toMatchObject({ passes_issued: 1, active_passes: 1 });
    const live = await analytics(`from=${today}&to=${today}`);
    expect(live.body.totals.active_passes).toBe((await expectedFrom('UTC', null)).active);
  });

  it('is empty for a business with nothing yet, and another business cannot read it', async () => {
    await renewToken(server, other);
    const empty = await server.request<AnalyticsBody>('GET', `/businesses/${other.businessId}/analytics?from=${FROM}&to=${FROM}`, { token: other.token });
    expect(empty.status).toBe(200);
    expect(empty.body.totals).toEqual({ ...full(), active_passes: 0, installed_passes: 0 });
    expect((await server.request('GET', `/businesses/${business.businessId}/analytics?from=${FROM}&to=${FROM}`, { token: other.token })).status).toBe(403);
    expect((await analytics(`from=${FROM}&to=${TO}&template_id=${other.templateId}`)).status).toBe(404);
  });

  it.each([
    ['no from', `to=${TO}`, 400],
    ['a from that is not YYYY-MM-DD', `from=26-03-2026&to=${TO}`, 400],
    ['from given twice', `from=${FROM}&from=${FROM}&to=${TO}`, 400],
    ['a day that does not exist', `from=2026-02-30&to=${TO}`, 422],
    ['to before from', `from=${TO}&to=${FROM}`, 422],
    ['367 days', 'from=2026-01-01&to=2027-01-02', 422],
    ['an unknown zone', `from=${FROM}&to=${TO}&tz=Mars/Olympus_Mons`, 422],
  ])('refuses %s', async (_case, query, status) => {
    const answer = await analytics(query);
    expect(answer.status).toBe(status);
    expect(answer.body.error).toMatchObject({ code: status === 400 ? 'bad_request' : 'validation_error' });
  });

  it('answers a leap year of 366 days', async () => {
    const answer = await analytics('from=2028-01-01&to=2028-12-31&tz=Asia/Kathmandu');
    expect(answer.status).toBe(200);
    expect(answer.body.days).toHaveLength(366);
  });
});
