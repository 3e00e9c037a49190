/** A business registered over HTTP with API processes started as an operator would, and requests as its owner. */
import { randomUUID } from 'node:crypto';
import type { ServiceProcess } from './service-process';
import type { RegistrationBody } from './wire-types';

export interface ProcessOwner {
  token: string;
  businessId: string;
  templateId: string;
}

/** Registers a business on `registerOn`, then makes its first template on `templateOn`. */
export async function registerOwner(registerOn: ServiceProcess, templateOn: ServiceProcess, businessName: string): Promise<ProcessOwner> {
  const registered = await fetch(`${registerOn.url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ business_name: businessName, email: `owner-${randomUUID()}@example.com`, password: 'correct-horse-battery' }),
  });
  const registration = (await registered.json()) as RegistrationBody;
  const owner = { token: registration.access_token, businessId: registration.business.id, templateId: '' };
  const template = await callAs<{ id: string }>(owner, templateOn, 'POST', `/businesses/${owner.businessId}/templates`, { name: 'Coffee card' });
  return { ...owner, templateId: template.body.id };
}

export async function callAs<Body>(owner: ProcessOwner, api: ServiceProcess, method: string, pathname: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${api.url}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Body };
}
