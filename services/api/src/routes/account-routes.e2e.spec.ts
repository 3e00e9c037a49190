/** Dashboard accounts and credentials (DESIGN §6) over real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOGIN_LIMIT_PER_EMAIL, SIGN_UP_LIMIT_PER_CLIENT } from '../http/account-limits';
import { createApiKey, registerBusiness, startWithTwoBusinesses, type TestBusiness } from '../testing/fixtures';
import { TestServer } from '../testing/test-server';
import type { ApiKeyBody, ErrorBody, RegistrationBody } from '../testing/wire-types';

let server: TestServer, business: TestBusiness, other: TestBusiness;
beforeAll(async () => {
  ({ server, business, other } = await startWithTwoBusinesses());
  // API access is a Pro feature (plans.e2e.spec.ts tests the Free side).
  await server.changePlan(business.businessId, 'pro');
  await server.changePlan(other.businessId, 'pro');
});
afterAll(() => server.stop());

describe('POST /auth/register', () => {
  it('creates a business on the free plan, its user and a token (201)', async () => {
    const response = await server.request<RegistrationBody>('POST', '/auth/register', {
      body: { business_name: 'Bakery', email: 'Baker@Example.com', password: 'long-enough-password' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ business: { name: 'Bakery', plan: 'free' }, user: { email: 'baker@example.com' }, token_type: 'Bearer', expires_in: 3600 });
    expect(JSON.stringify(response.body)).not.toContain('long-enough-password');
    const me = await server.request('GET', '/businesses/me', { token: response.body.access_token });
    expect(me.body).toMatchObject({ id: response.body.business.id, name: 'Bakery', plan: 'free' });
  });

  it('refuses an email that already has an account, whatever its case (409)', async () => {
    const response = await server.request<ErrorBody>('POST', '/auth/register', {
      body: { business_name: 'Copycat', email: business.email.toUpperCase(), password: 'long-enough-password' },
    });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('conflict');
  });

  it('refuses an invalid body with 422 and details', async () => {
    const response = await server.request<ErrorBody>('POST', '/auth/register', { body: { business_name: '', email: 'nope', password: 'short' } });
    expect(response.status).toBe(422);
    expect(response.body.error.details?.map((detail) => detail.path).sort()).toEqual(['business_name', 'email', 'password']);
  });

  it('takes 30 sign-ups from one address in an hour, then 429 until the hour ends', async () => {
    // A server of its own: the other tests of this file sign up from the same address.
    const signUps = await TestServer.start();
    try {
      signUps.clock.advance(SIGN_UP_LIMIT_PER_CLIENT.windowMs - (signUps.clock.now().getTime() % SIGN_UP_LIMIT_PER_CLIENT.windowMs));
      const signUp = (index: number) => signUps.request<ErrorBody>('POST', '/auth/register', { body: { business_name: `Shop ${index}`, email: `shop-${index}@example.com`, password: 'long-enough-password' } });
      for (let index = 1; index <= SIGN_UP_LIMIT_PER_CLIENT.requests; index++) expect((await signUp(index)).status).toBe(201);
      const refused = await signUp(0);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(SIGN_UP_LIMIT_PER_CLIENT.windowMs / 1000));
      signUps.clock.advance(SIGN_UP_LIMIT_PER_CLIENT.windowMs);
      expect((await signUp(0)).status).toBe(201);
    } finally {
      await signUps.stop();
    }
  });

  it('refuses malformed JSON with 400 and a body that is not JSON with 415', async () => {
    expect((await server.request('POST', '/auth/register', { rawBody: '{' })).status).toBe(400);
    const notJson = await server.request<ErrorBody>('POST', '/auth/register', { rawBody: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(notJson.status).toBe(415);
  });
});

describe('POST /auth/login', () => {
  it('returns a bearer token for the right password', async () => {
    const response = await server.request('POST', '/auth/login', { body: { email: business.email, password: business.password } });
    expect(response).toMatchObject({ status: 200, body: { token_type: 'Bearer', expires_in: 3600, business_id: business.businessId } });
  });

  it('is kept by no cache, and its errors neither; each is read as JSON only', async () => {
    const token = await server.request('POST', '/auth/login', { body: { email: business.email, password: business.password } });
    const refused = await server.request('POST', '/auth/login', { body: { email: business.email, password: 'wrong-password!' } });
    for (const answer of [token, refused]) {
      expect([answer.headers.get('cache-control'), answer.headers.get('x-content-type-options')]).toEqual(['no-store', 'nosniff']);
    }
  });

  it('answers a wrong password and an unknown email alike with 401', async () => {
    const wrong = await server.request<ErrorBody>('POST', '/auth/login', { body: { email: business.email, password: 'wrong-password!' } });
    const unknown = await server.request<ErrorBody>('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'wrong-password!' } });
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses an invalid body with 422', async () => {
    expect((await server.request('POST', '/auth/login', { body: { email: business.email } })).status).toBe(422);
  });

  it('takes 10 wrong logins of an email address in a quarter of an hour, then 429 until the quarter ends, the right password too; an unknown address alike', async () => {
    const { email, password } = await registerBusiness(server, 'Guessed');
    const login = (as: string, guess: string) => server.request<ErrorBody>('POST', '/auth/login', { body: { email: as, password: guess } });
    // The quarter starts on a whole quarter of an hour: begin at one, so that the ten fall in it.
    server.clock.advance(LOGIN_LIMIT_PER_EMAIL.windowMs - (server.clock.now().getTime() % LOGIN_LIMIT_PER_EMAIL.windowMs));
    for (let attempt = 1; attempt <= 9; attempt++) expect((await login(email, `guess-number-${attempt}`)).status).toBe(401);
    // Right ones give their count back: a café opening the dashboard in many tabs uses none of the ten.
    for (let tab = 1; tab <= 12; tab++) expect((await login(email.toUpperCase(), password)).status).toBe(200);
    expect((await login(email, 'guess-number-10')).status).toBe(401);

    const refused = await login(email, password);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.headers.get('retry-after')).toBe(String(LOGIN_LIMIT_PER_EMAIL.windowMs / 1000));
    for (let attempt = 1; attempt <= 10; attempt++) await login('nobody-at-all@example.com', 'guess-number-1');
    expect((await login('nobody-at-all@example.com', 'guess-number-1')).status).toBe(429);
    expect((await login(business.email, business.password)).status).toBe(200);

    server.clock.advance(LOGIN_LIMIT_PER_EMAIL.windowMs);
    expect((await login(email, password)).status).toBe(200);
  });
});

describe('GET /businesses/me', () => {
  it('answers with an API key as well as with a token', async () => {
    const key = await createApiKey(server, business);
    const response = await server.request('GET', '/businesses/me', { apiKey: key.key });
    expect(response).toMatchObject({ status: 200, body: { id: business.businessId, plan: 'pro' } });
  });

  it.each([
    ['no credentials', {}],
    ['a malformed bearer token', { token: 'not-a-jwt' }],
    ['an unknown API key', { apiKey: `pb_live_${'a'.repeat(40)}` }],
    ['a malformed API key', { apiKey: 'secret' }],
  ])('answers %s with 401', async (_case, credentials) => {
    const response = await server.request<ErrorBody>('GET', '/businesses/me', credentials);
    expect(response.status).toBe(401);
    expect(response.body.error).toMatchObject({ code: 'unauthorized', status: 401 });
  });

  it('refuses a tampered token with 401', async () => {
    const [header, payload, signature = ''] = business.token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), business_id: other.businessId })).toString('base64url');
    expect((await server.request('GET', '/businesses/me', { token: `${header}.${forged}.${signature}` })).status).toBe(401);
  });

  it('refuses an expired token with 401, also one that was accepted before', async () => {
    const login = await server.request<{ access_token: string }>('POST', '/auth/login', { body: { email: business.email, password: business.password } });
    expect((await server.request('GET', '/businesses/me', { token: login.body.access_token })).status).toBe(200);
    server.clock.advance(3600 * 1000);
    expect((await server.request('GET', '/businesses/me', { token: login.body.access_token })).status).toBe(401);
    business.token = (await server.request<{ access_token: string }>('POST', '/auth/login', { body: { email: business.email, password: business.password } })).body.access_token;
    other.token = (await server.request<{ access_token: string }>('POST', '/auth/login', { body: { email: other.email, password: other.password } })).body.access_token;
  });
});

describe('API keys', () => {
  const keysPath = (b: TestBusiness) => `/businesses/${b.businessId}/api-keys`;

  it('shows a new key once, lists keys without secrets, and revokes at once', async () => {
    const created = await server.request<ApiKeyBody>('POST', keysPath(business), { token: business.token, body: { name: 'Till 1', mode: 'test' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Till 1', mode: 'test', status: 'active' });
    expect(created.body.key).toMatch(/^pb_test_[0-9A-Za-z]{40}$/);
    expect(created.body.key?.startsWith(created.body.prefix)).toBe(true);

    const listed = await server.request<{ data: ApiKeyBody[] }>('GET', keysPath(business), { token: business.token });
    const entry = listed.body.data.find((key) => key.id === created.body.id);
    expect(entry).toMatchObject({ name: 'Till 1', status: 'active' });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);

    expect((await server.request('GET', '/businesses/me', { apiKey: created.body.key })).status).toBe(200);
    expect((await server.request('DELETE', `${keysPath(business)}/${created.body.id}`, { token: business.token })).status).toBe(204);
    expect((await server.request('GET', '/businesses/me', { apiKey: created.body.key })).status).toBe(401);
    const afterRevoke = await server.request<{ data: ApiKeyBody[] }>('GET', keysPath(business), { token: business.token });
    expect(afterRevoke.body.data.find((key) => key.id === created.body.id)?.status).toBe('revoked');
  });

  it('defaults to a live key', async () => {
    const created = await server.request<ApiKeyBody>('POST', keysPath(business), { token: business.token, body: { name: 'Default' } });
    expect(created.body.key).toMatch(/^pb_live_/);
  });

  it('lets an API key work on its business’s passes but not manage keys (403)', async () => {
    const key = await createApiKey(server, business);
    expect((await server.request('POST', `/businesses/${business.businessId}/passes`, { apiKey: key.key, body: { template_id: business.templateId } })).status).toBe(201);
    expect((await server.request('GET', keysPath(business), { apiKey: key.key })).status).toBe(403);
  });

  it('refuses another business’s keys with 403 and an unknown key id with 404', async () => {
    expect((await server.request('GET', keysPath(other), { token: business.token })).status).toBe(403);
    const key = await createApiKey(server, other);
    expect((await server.request('DELETE', `${keysPath(other)}/${key.id}`, { token: business.token })).status).toBe(403);
    expect((await server.request('DELETE', `${keysPath(business)}/${key.id}`, { token: business.token })).status).toBe(404);
    expect((await server.request('GET', '/businesses/me', { apiKey: key.key })).status).toBe(200);
  });

  it('refuses an invalid body with 422 and missing credentials with 401', async () => {
    const invalid = await server.request<ErrorBody>('POST', keysPath(business), { token: business.token, body: { name: 'x', mode: 'sandbox' } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.details?.[0]?.path).toBe('mode');
    expect((await server.request('POST', keysPath(business), { body: { name: 'x' } })).status).toBe(401);
  });

  it('keeps an API key of one business away from another business (403)', async () => {
    const key = await createApiKey(server, business);
    expect((await server.request('GET', `/businesses/${other.businessId}/passes/anything`, { apiKey: key.key })).status).toBe(403);
  });
});

describe('routing', () => {
  it('answers an unknown route with 404 in the standard error body', async () => {
    const response = await server.request<ErrorBody>('GET', '/nowhere');
    expect(response.status).toBe(404);
    expect(response.body.error).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('serves health at the root', async () => {
    expect((await fetch(`${server.rootUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${server.rootUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      dependencies: { event_store: 'ok', read_store: 'ok', work_store: 'ok' },
      projections: expect.arrayContaining([expect.objectContaining({ name: 'passes', lag: 0, caught_up: true })]),
      followers: [
        { name: 'webhook-dispatcher', running: true, restarts: 0 },
        { name: 'automations', running: true, restarts: 0 },
      ],
      background_work: [],
    });
  });
});
