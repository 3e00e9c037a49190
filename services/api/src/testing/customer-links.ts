/** Asking for a customer's magic link over HTTP and reading what the server mailed, from its outbox. */
import path from 'node:path';
import { readOutbox, type OutboxFile } from '@passes/mailer';
import type { TestServer } from './test-server';

interface CustomerPassBody {
  id: string;
  serial_number: string;
  business_name: string;
  template_name: string;
  customer_name: string | null;
  status: string;
  stamps: number;
  points: number;
  balance: number | null;
  download_url: string;
}

export interface CustomerPassesBody {
  data: CustomerPassBody[];
  expires_at: string;
}

export function requestMagicLink(server: TestServer, email: string, headers: Record<string, string> = {}) {
  return server.request<unknown>('POST', '/public/customer/magic-link', { body: { email }, headers });
}

/** Every message the server has sent so far, once the mail it sends after answering has gone out. */
export async function sentMail(server: TestServer): Promise<OutboxFile[]> {
  await server.settled();
  return readOutbox(path.join(server.dataDir, 'outbox'));
}

/** The token of the `{app_url}/customer?token=…` link in a message's text. */
export function linkTokenOf(message: OutboxFile): string {
  const token = /\/customer\?token=([A-Za-z0-9_.%-]+)/.exec(message.text)?.[1];
  if (!token) throw new Error('no customer link in the message');
  return decodeURIComponent(token);
}

/** Asks for a link for `email` and returns the token it mailed (the latest message to that address). */
export async function customerToken(server: TestServer, email: string): Promise<string> {
  // Mail still going out was stamped with an earlier time; let it land first so "latest" means this one.
  await server.settled();
  const requested = await requestMagicLink(server, email);
  if (requested.status !== 200) throw new Error(`magic link failed: ${requested.status} ${JSON.stringify(requested.body)}`);
  const message = (await sentMail(server)).filter((each) => each.to === email).at(-1);
  if (!message) throw new Error('no link was mailed');
  return linkTokenOf(message);
}
