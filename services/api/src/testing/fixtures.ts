/** The accounts and records most HTTP tests start from, created through the API itself. */
import { randomUUID } from 'node:crypto';
import { TestServer } from './test-server';
import type { ApiKeyBody, PassBody, RegistrationBody, ScanSecurityBody, TemplateBody } from './wire-types';

export interface TestBusiness {
  businessId: string;
  userId: string;
  email: string;
  password: string;
  token: string;
  templateId: string;
}

export async function registerBusiness(server: TestServer, name = 'Corner Café'): Promise<TestBusiness> {
  const account = await registerAccount(server, name);
  const template = await server.request<{ id: string }>('POST', `/businesses/${account.businessId}/templates`, { token: account.token, body: { name: 'Coffee card' } });
  if (template.status !== 201) throw new Error(`template failed: ${template.status} ${JSON.stringify(template.body)}`);
  return { ...account, templateId: template.body.id };
}

/** A business as registration leaves it, before its first template: a Free one has room for exactly one. */
export async function registerAccount(server: TestServer, name = 'Corner Café'): Promise<Omit<TestBusiness, 'templateId'>> {
  const email = `owner-${randomUUID()}@example.com`;
  const password = 'correct-horse-battery';
  const registered = await server.request<RegistrationBody>('POST', '/auth/register', { body: { business_name: name, email, password } });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  return { businessId: registered.body.business.id, userId: registered.body.user.id, email, password, token: registered.body.access_token };
}

/** Logs in again for a new access token: tests that move the clock by hours outlive the old one. */
export async function renewToken(server: TestServer, business: TestBusiness): Promise<void> {
  const login = await server.request<{ access_token: string }>('POST', '/auth/login', { body: { email: business.email, password: business.password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  business.token = login.body.access_token;
}

export async function createApiKey(
  server: TestServer,
  business: TestBusiness,
  mode: 'live' | 'test' = 'live',
  scopes: ('read' | 'write')[] = ['read', 'write'],
): Promise<{ id: string; key: string }> {
  const body = { name: 'Till', mode, scopes };
  const created = await server.request<ApiKeyBody>('POST', `/businesses/${business.businessId}/api-keys`, { token: business.token, body });
  if (created.status !== 201) throw new Error(`api key failed: ${created.status} ${JSON.stringify(created.body)}`);
  if (!created.body.key) throw new Error('api key response carries no key');
  return { id: created.body.id, key: created.body.key };
}

export async function issuePass(server: TestServer, business: TestBusiness, body: Record<string, unknown> = {}): Promise<PassBody> {
  const issued = await server.request<PassBody>('POST', `/businesses/${business.businessId}/passes`, {
    token: business.token,
    body: { template_id: business.templateId, ...body },
  });
  if (issued.status !== 201) throw new Error(`issue failed: ${issued.status} ${JSON.stringify(issued.body)}`);
  return issued.body;
}

/**
 * The one place tests make templates beyond the business's first. A Free business may hold only one
 * template (plans), so a test that needs more should go through here.
 */
export async function createTemplate(server: TestServer, business: TestBusiness, body: Record<string, unknown>): Promise<TemplateBody> {
  const created = await server.request<TemplateBody>('POST', `/businesses/${business.businessId}/templates`, { token: business.token, body });
  if (created.status !== 201) throw new Error(`template failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

/** Changes the business's first template; its passes follow the new settings at once. */
export async function configureTemplate(server: TestServer, business: TestBusiness, body: { scan_security?: Partial<ScanSecurityBody>; [field: string]: unknown }): Promise<TemplateBody> {
  const changed = await server.request<TemplateBody>('PATCH', `/businesses/${business.businessId}/templates/${business.templateId}`, { token: business.token, body });
  if (changed.status !== 200) throw new Error(`template change failed: ${changed.status} ${JSON.stringify(changed.body)}`);
  return changed.body;
}

/** Registers a webhook and returns its id and its secret, shown this once. */
export async function registerWebhook(server: TestServer, business: TestBusiness, url: string, events?: string[]): Promise<{ id: string; secret: string }> {
  const created = await server.request<{ id: string; secret: string }>('POST', `/businesses/${business.businessId}/webhooks`, {
    token: business.token,
    body: { url, ...(events ? { events } : {}) },
  });
  if (created.status !== 201) throw new Error(`webhook registration failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

interface TwoBusinesses {
  server: TestServer;
  /** The business under test. */
  business: TestBusiness;
  /** Another business, for checking that nothing crosses over. */
  other: TestBusiness;
}

export async function startWithTwoBusinesses(): Promise<TwoBusinesses> {
  const server = await TestServer.start();
  return { server, business: await registerBusiness(server), other: await registerBusiness(server, 'Other Shop') };
}
