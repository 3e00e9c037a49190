/** The tokens of the dashboard links the service mailed (an invite, a password reset), read from the outbox. */
import path from 'node:path';
import { readOutbox } from '@passes/mailer';
import type { TestServer } from './test-server';

/** The token of the last link to `/dashboard/{screen}` mailed to `email`. */
async function lastMailedToken(server: TestServer, email: string, screen: 'accept-invite' | 'reset-password'): Promise<string> {
  const link = new RegExp(`/dashboard/${screen}\\?token=([A-Za-z0-9_%-]+)`);
  const messages = (await readOutbox(path.join(server.dataDir, 'outbox'))).filter((message) => message.to === email && link.test(message.text));
  const token = link.exec(messages.at(-1)?.text ?? '')?.[1];
  if (!token) throw new Error(`no ${screen} link was mailed to ${email}`);
  return decodeURIComponent(token);
}

export const inviteTokenFor = (server: TestServer, email: string): Promise<string> => lastMailedToken(server, email, 'accept-invite');

/** Mailed after the request's answer: call `server.settled()` first. */
export const passwordResetTokenFor = (server: TestServer, email: string): Promise<string> => lastMailedToken(server, email, 'reset-password');
