/**
 * Dashboard users and roles over real HTTP (issue 38): an owner invites by email, the invite is a
 * one-time link in the outbox, accepting it logs in; roles decide every route from one table, with
 * 403 forbidden for what a role may not do; a removed user's tokens fail from the next request.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ROUTE_ROLES } from '../http/route-roles';
import { registeredRoutes } from '../http/route-patterns';
import { issuePass, startWithTwoBusinesses, type TestBusiness } from '../testing/fixtures';
import { inviteTokenFor } from '../testing/mailed-links';
import { addTeamMember, type TeamMember } from '../testing/team-members';
import type { TestServer } from '../testing/test-server';
import type { ErrorBody, PageBody } from '../testing/wire-types';

interface UserBody {
  id: string;
  email: string;
  business_id: string;
  name: string | null;
  role: string;
  status: string;
  created_at: string;
}
type Answer = UserBody & ErrorBody;

let server: TestServer, business: TestBusiness, other: TestBusiness;
beforeAll(async () => {
  ({ server, business, other } = await startWithTwoBusinesses());
});
afterAll(() => server.stop());

const users = (b: TestBusiness) => `/businesses/${b.businessId}/users`;
const invite = (body: Record<string, unknown>, token = business.token) => server.request<Answer>('POST', users(business), { token, body });
const accept = (body: Record<string, unknown>) => server.request<{ access_token: string; business_id: string } & ErrorBody>('POST', '/auth/accept-invite', { body });

describe('inviting a user', () => {
  let invited: UserBody;

  it('answers 201 with the user invited and mails a one-time link', async () => {
    const answer = await invite({ email: 'Barista@Example.com', role: 'staff' });
    expect(answer.status).toBe(201);
    invited = answer.body;
    expect(invited).toEqual({ id: expect.any(String), email: 'barista@example.com', business_id: business.businessId, name: null, role: 'staff', status: 'invited', created_at: expect.any(String) });
    expect(await inviteTokenFor(server, 'barista@example.com')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('lists the invited user beside the owner, paged', async () => {
    const list = await server.request<PageBody<UserBody>>('GET', users(business), { token: business.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((user) => [user.role, user.status])).toEqual([
      ['owner', 'active'],
      ['staff', 'invited'],
    ]);
    expect(list.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('an invited user cannot log in before accepting', async () => {
    expect((await server.request('POST', '/auth/login', { body: { email: 'barista@example.com', password: 'anything-at-all' } })).status).toBe(401);
  });

  it('accepting the link answers as a login does, and works once', async () => {
    const token = await inviteTokenFor(server, 'barista@example.com');
    const accepted = await accept({ token, password: 'barista-password', name: 'Bea' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, business_id: business.businessId });
    const me = await server.request<{ role: string; user: UserBody }>('GET', '/businesses/me', { token: accepted.body.access_token });
    expect(me.body).toMatchObject({ role: 'staff', user: { id: invited.id, name: 'Bea', status: 'active' } });
    const again = await accept({ token, password: 'another-password' });
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('unauthorized');
    expect((await server.request('POST', '/auth/login', { body: { email: 'barista@example.com', password: 'barista-password' } })).status).toBe(200);
  });

  it('refuses an unknown link token and a bad body precisely', async () => {
    expect((await accept({ token: 'not-a-token', password: 'long-enough-password' })).status).toBe(401);
    const short = await accept({ token: 'x', password: 'short' });
    expect(short.status).toBe(422);
    expect(short.body.error.details).toEqual([{ path: 'password', message: 'must be at least 10 characters' }]);
    const role = await invite({ email: 'x@example.com', role: 'boss' });
    expect(role.status).toBe(422);
    expect(role.body.error.details?.[0]?.path).toBe('role');
  });

  it('refuses an email another user holds (409 conflict), in any business', async () => {
    expect((await invite({ email: 'barista@example.com', role: 'manager' })).status).toBe(409);
    expect((await invite({ email: other.email, role: 'manager' })).status).toBe(409);
  });
});

describe('roles on every route', () => {
  let staff: TeamMember, manager: TeamMember;
  beforeAll(async () => {
    staff = await addTeamMember(server, business, 'staff', 'staff@example.com');
    manager = await addTeamMember(server, business, 'manager', 'manager@example.com');
  });

  it('staff serve customers: read a pass, stamp it, add points, read the templates', async () => {
    const pass = await issuePass(server, business);
    const path = `/businesses/${business.businessId}/passes/${pass.serial_number}`;
    expect((await server.request('GET', path, { token: staff.token })).status).toBe(200);
    expect((await server.request('POST', `${path}/stamp`, { token: staff.token })).status).toBe(200);
    expect((await server.request('POST', `${path}/points?points=5`, { token: staff.token })).status).toBe(200);
    expect((await server.request('GET', `/businesses/${business.businessId}/templates`, { token: staff.token })).status).toBe(200);
  });

  it('staff may not issue, change templates, void, reactivate, or touch keys, webhooks and users: 403 forbidden', async () => {
    const pass = await issuePass(server, business);
    const path = `/businesses/${business.businessId}/passes/${pass.serial_number}`;
    const refused = [
      await server.request<ErrorBody>('POST', `/businesses/${business.businessId}/passes`, { token: staff.token, body: { template_id: business.templateId } }),
      await server.request<ErrorBody>('PATCH', `/businesses/${business.businessId}/templates/${business.templateId}`, { token: staff.token, body: { name: 'Mine' } }),
      await server.request<ErrorBody>('DELETE', path, { token: staff.token }),
      await server.request<ErrorBody>('POST', `${path}/reactivate`, { token: staff.token }),
      await server.request<ErrorBody>('GET', `/businesses/${business.businessId}/api-keys`, { token: staff.token }),
      await server.request<ErrorBody>('GET', `/businesses/${business.businessId}/webhooks`, { token: staff.token }),
      await server.request<ErrorBody>('GET', users(business), { token: staff.token }),
      await server.request<ErrorBody>('GET', `/businesses/${business.businessId}/milestones`, { token: staff.token }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toEqual({ code: 'forbidden', message: expect.stringContaining('role'), status: 403 });
    }
  });

  it('managers also issue and run templates and milestones, but not keys, webhooks or users', async () => {
    const issued = await server.request('POST', `/businesses/${business.businessId}/passes`, { token: manager.token, body: { template_id: business.templateId } });
    expect(issued.status).toBe(201);
    expect((await server.request('PATCH', `/businesses/${business.businessId}/templates/${business.templateId}`, { token: manager.token, body: { description: 'Ours' } })).status).toBe(200);
    expect((await server.request('GET', `/businesses/${business.businessId}/milestones`, { token: manager.token })).status).toBe(200);
    expect((await server.request('POST', `/businesses/${business.businessId}/api-keys`, { token: manager.token, body: { name: 'Till' } })).status).toBe(403);
    expect((await server.request('POST', users(business), { token: manager.token, body: { email: 'new@example.com', role: 'staff' } })).status).toBe(403);
  });

  it("another business's user is refused as before, before any role check", async () => {
    expect((await server.request('GET', users(business), { token: other.token })).status).toBe(403);
  });

  it('a new role applies from the next request', async () => {
    const promoted = await server.request<Answer>('PATCH', `${users(business)}/${staff.userId}`, { token: business.token, body: { role: 'manager' } });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('manager');
    expect((await server.request('POST', `/businesses/${business.businessId}/passes`, { token: staff.token, body: { template_id: business.templateId } })).status).toBe(201);
  });

  it('nobody changes or removes themselves (409 invalid_state), so a business keeps an owner', async () => {
    const me = (await server.request<{ user: UserBody }>('GET', '/businesses/me', { token: business.token })).body.user;
    expect((await server.request<Answer>('PATCH', `${users(business)}/${me.id}`, { token: business.token, body: { role: 'staff' } })).body.error.code).toBe('invalid_state');
    expect((await server.request<Answer>('DELETE', `${users(business)}/${me.id}`, { token: business.token })).status).toBe(409);
  });

  it("another business's user is not found (404)", async () => {
    expect((await server.request('PATCH', `${users(other)}/${staff.userId}`, { token: other.token, body: { role: 'staff' } })).status).toBe(404);
    expect((await server.request('DELETE', `${users(other)}/${staff.userId}`, { token: other.token })).status).toBe(404);
  });

  it("removing a user refuses their token from the next request, and frees the email for a new invite", async () => {
    expect((await server.request('DELETE', `${users(business)}/${manager.userId}`, { token: business.token })).status).toBe(204);
    const after = await server.request<ErrorBody>('GET', '/businesses/me', { token: manager.token });
    expect(after.status).toBe(401);
    expect((await server.request('POST', '/auth/login', { body: { email: manager.email, password: manager.password } })).status).toBe(401);
    const list = await server.request<PageBody<UserBody>>('GET', users(business), { token: business.token });
    expect(list.body.data.map((user) => user.email)).not.toContain(manager.email);
    expect((await server.request('DELETE', `${users(business)}/${manager.userId}`, { token: business.token })).status).toBe(404);
    expect((await invite({ email: manager.email, role: 'staff' })).status).toBe(201);
  });

  it('an API key acts as it did before roles, and cannot manage users', async () => {
    await server.changePlan(business.businessId, 'pro');
    const key = await server.request<{ key: string }>('POST', `/businesses/${business.businessId}/api-keys`, { token: business.token, body: { name: 'Till' } });
    expect((await server.request('GET', `/businesses/${business.businessId}/webhooks`, { apiKey: key.body.key })).status).toBe(200);
    expect((await server.request('GET', users(business), { apiKey: key.body.key })).status).toBe(403);
  });
});

describe('the role table', () => {
  it('names only routes that exist, so a renamed route cannot silently fall back to owner-only', () => {
    const routes = registeredRoutes(server.requestHandler).flatMap(({ pattern, methods }) => methods.map((method) => `${method} ${pattern}`));
    const stale = Object.keys(ROUTE_ROLES).filter((entry) => !routes.includes(entry));
    expect(stale).toEqual([]);
  });
});
