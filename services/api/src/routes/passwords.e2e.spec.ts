/**
 * Dashboard passwords over real HTTP. A signed-in user changes theirs (POST /auth/password), giving the one
 * of now. One who forgot it (POST /auth/password-reset and …/complete) gets a link by email, good once, for
 * an hour, only the last one asked for; the same answer whether or not an account has the address. Either
 * way the old password and the sessions of before are refused once the new one is set. Logging out
 * (POST /auth/logout) ends the one session the request came with.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readOutbox } from '@passes/mailer';
import { createApiKey, registerBusiness, type TestBusiness } from '../testing/fixtures';
import { addTeamMember } from '../testing/team-members';
import { TestServer } from '../testing/test-server';
import type { ErrorBody } from '../testing/wire-types';

let server: TestServer;
beforeAll(async () => {
  server = await TestServer.start();
});
afterAll(() => server.stop());

const NEW_PASSWORD = 'a-new-password-at-last';

async function resetLinksTo(email: string): Promise<string[]> {
  await server.settled();
  const messages = (await readOutbox(path.join(server.dataDir, 'outbox'))).filter((message) => message.to === email && message.subject === 'Reset your dashboard password');
  return messages.map((message) => decodeURIComponent(/\/dashboard\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(message.text)?.[1] ?? 'missing'));
}

/** How many times `email` was told its password changed. */
async function changeNoticesTo(email: string): Promise<number> {
  await server.settled();
  return (await readOutbox(path.join(server.dataDir, 'outbox'))).filter((message) => message.to === email && message.subject === 'Your dashboard password was changed').length;
}

const askForReset = (email: string) => server.request<{ sent: boolean }>('POST', '/auth/password-reset', { body: { email } });
const reset = (token: string, password = NEW_PASSWORD) => server.request<{ access_token: string; business_id: string } & ErrorBody>('POST', '/auth/password-reset/complete', { body: { token, password } });
const login = (email: string, password: string) => server.request('POST', '/auth/login', { body: { email, password } });
const me = (token: string) => server.request('GET', '/businesses/me', { token });

describe('resetting a forgotten password', () => {
  let business: TestBusiness;
  beforeAll(async () => {
    business = await registerBusiness(server, 'Forgetful Café');
  });

  it('mails a link that sets a new password, logs in, ends the old password and its sessions, and tells the user', async () => {
    const asked = await askForReset(business.email.toUpperCase());
    expect(asked).toMatchObject({ status: 200, body: { sent: true } });
    const [token] = await resetLinksTo(business.email);
    expect(await changeNoticesTo(business.email)).toBe(0);

    const done = await reset(token ?? '');
    expect(done.status).toBe(200);
    expect(done.body.business_id).toBe(business.businessId);
    expect((await me(done.body.access_token)).status).toBe(200);
    expect((await me(business.token)).status).toBe(401);
    expect((await login(business.email, business.password)).status).toBe(401);
    expect((await login(business.email, NEW_PASSWORD)).status).toBe(200);
    expect(await changeNoticesTo(business.email)).toBe(1);
  });

  it('takes a link once', async () => {
    const [token] = await resetLinksTo(business.email);
    const again = await reset(token ?? '', 'yet-another-password');
    expect(again.status).toBe(401);
    expect(again.body.error.message).toBe('This password reset link is unknown, used or expired; ask for a new one');
  });

  it('takes only the last link asked for, and none after its hour', async () => {
    await askForReset(business.email);
    // The outbox is read in the order of its messages' times, taken as each is sent: the first is sent before
    // the clock moves.
    await server.settled();
    server.clock.advance(1_000);
    await askForReset(business.email);
    const [, first, second] = await resetLinksTo(business.email);
    expect((await reset(first ?? '')).status).toBe(401);

    server.clock.advance(60 * 60_000);
    expect((await reset(second ?? '')).status).toBe(401);
    expect((await login(business.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a password the rules refuse (422), leaving the link usable', async () => {
    server.clock.advance(15 * 60_000);
    await askForReset(business.email);
    const token = (await resetLinksTo(business.email)).at(-1) ?? '';
    const short = await reset(token, 'short');
    expect(short.status).toBe(422);
    expect((await reset(token, 'long-enough-password')).status).toBe(200);
  });
});

describe('an address no account has', () => {
  it('gets the same answer, and no mail', async () => {
    const asked = await askForReset('nobody-here@example.com');
    expect(asked).toMatchObject({ status: 200, body: { sent: true } });
    expect(await resetLinksTo('nobody-here@example.com')).toEqual([]);
  });

  it('counts alike: three asks of an address a quarter of an hour, then 429', async () => {
    server.clock.advance(15 * 60_000 - (server.clock.now().getTime() % (15 * 60_000)));
    for (let ask = 1; ask <= 3; ask++) expect((await askForReset('counted@example.com')).status).toBe(200);
    const refused = await askForReset('counted@example.com');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('900');
  });

  it('refuses a body that is not an address (422)', async () => {
    expect((await askForReset('not-an-address')).status).toBe(422);
  });
});

describe('changing the password, signed in', () => {
  let business: TestBusiness;
  beforeAll(async () => {
    business = await registerBusiness(server, 'Careful Café');
  });
  const change = (token: string, current: string, next = NEW_PASSWORD) =>
    server.request<{ access_token: string } & ErrorBody>('POST', '/auth/password', { token, body: { current_password: current, new_password: next } });

  it('takes the password of now and a new one, answers a new token, ends the old password and its sessions, and tells the user', async () => {
    const changed = await change(business.token, business.password);
    expect(changed.status).toBe(200);
    expect(await changeNoticesTo(business.email)).toBe(1);
    expect((await me(changed.body.access_token)).status).toBe(200);
    expect((await me(business.token)).status).toBe(401);
    expect((await login(business.email, business.password)).status).toBe(401);
    expect((await login(business.email, NEW_PASSWORD)).status).toBe(200);
    business.token = changed.body.access_token;
    business.password = NEW_PASSWORD;
  });

  it('refuses a password of now that is not theirs, and a new one the rules refuse, beside the field (422)', async () => {
    const wrong = await change(business.token, 'not-the-password');
    expect(wrong.status).toBe(422);
    expect(await changeNoticesTo(business.email)).toBe(1);
    expect(wrong.body.error.details).toEqual([{ path: 'current_password', message: 'is not your password' }]);
    const short = await change(business.token, business.password, 'short');
    expect(short.status).toBe(422);
    expect(short.body.error.details?.map((detail) => detail.path)).toEqual(['new_password']);
    expect((await me(business.token)).status).toBe(200);
  });

  it('ends a session begun in the same second, before the change', async () => {
    server.clock.advance(1_000 - (server.clock.now().getTime() % 1_000));
    const earlier = (await login(business.email, business.password)) as { body: { access_token: string } };
    server.clock.advance(400);
    const changed = await change(business.token, business.password, 'a-password-of-the-same-second');
    expect(changed.status).toBe(200);
    expect((await me(earlier.body.access_token)).status).toBe(401);
    expect((await me(changed.body.access_token)).status).toBe(200);
    business.token = changed.body.access_token;
    business.password = 'a-password-of-the-same-second';
  });

  it('is for every role, and for dashboard users only: an API key is refused (403), no credentials 401', async () => {
    const barista = await addTeamMember(server, business, 'staff', 'careful-barista@example.com');
    expect((await change(barista.token, barista.password, 'a-barista-password')).status).toBe(200);
    await server.changePlan(business.businessId, 'pro');
    const key = await createApiKey(server, business);
    const byKey = await server.request('POST', '/auth/password', { apiKey: key.key, body: { current_password: 'x', new_password: 'long-enough-password' } });
    expect(byKey.status).toBe(403);
    expect((await server.request('POST', '/auth/password', { body: { current_password: 'x', new_password: 'long-enough-password' } })).status).toBe(401);
  });

  it('takes 10 tries of a user a quarter of an hour, then 429', async () => {
    server.clock.advance(15 * 60_000 - (server.clock.now().getTime() % (15 * 60_000)));
    const fresh = (await login(business.email, business.password)) as { body: { access_token: string } };
    for (let attempt = 1; attempt <= 10; attempt++) expect((await change(fresh.body.access_token, `guess-number-${attempt}`)).status).toBe(422);
    expect((await change(fresh.body.access_token, business.password)).status).toBe(429);
  });
});

describe('logging out', () => {
  let business: TestBusiness;
  beforeAll(async () => {
    business = await registerBusiness(server, 'Shared Till Café');
  });
  const logOut = (token: string) => server.request('POST', '/auth/logout', { token });
  const loginToken = async () => ((await login(business.email, business.password)) as { body: { access_token: string } }).body.access_token;

  it("ends the session it came with: that token is refused from the next request; the user's other sessions go on", async () => {
    const [till, phone] = [await loginToken(), await loginToken()];

    expect((await logOut(till)).status).toBe(204);
    expect((await me(till)).status).toBe(401);
    expect((await logOut(till)).status).toBe(401);
    expect((await me(phone)).status).toBe(200);
    expect((await me(await loginToken())).status).toBe(200);
  });

  it('is for dashboard users: an API key is refused (403), no credentials 401, a body with fields 422', async () => {
    await server.changePlan(business.businessId, 'pro');
    const key = await createApiKey(server, business);
    expect((await server.request('POST', '/auth/logout', { apiKey: key.key })).status).toBe(403);
    expect((await server.request('POST', '/auth/logout')).status).toBe(401);
    expect((await server.request('POST', '/auth/logout', { token: await loginToken(), body: { everywhere: true } })).status).toBe(422);
  });
});
