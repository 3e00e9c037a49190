/** Dashboard users beside a business's owner, invited and accepted over HTTP, for tests of roles. */
import type { TestBusiness } from './fixtures';
import { inviteTokenFor } from './mailed-links';
import type { TestServer } from './test-server';

export interface TeamMember {
  userId: string;
  email: string;
  password: string;
  token: string;
}

/** Invites `email` with `role` as the business's owner, accepts the mailed link, and logs in with it. */
export async function addTeamMember(server: TestServer, business: TestBusiness, role: 'owner' | 'manager' | 'staff', email: string): Promise<TeamMember> {
  const invited = await server.request<{ id: string }>('POST', `/businesses/${business.businessId}/users`, { token: business.token, body: { email, role } });
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const password = 'staff-password-1234';
  const accepted = await server.request<{ access_token: string }>('POST', '/auth/accept-invite', { body: { token: await inviteTokenFor(server, email), password } });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return { userId: invited.body.id, email, password, token: accepted.body.access_token };
}
