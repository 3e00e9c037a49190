/**
 * The embedded profile's mail: one JSON file `{to, subject, text, html, sent_at, headers?}` per message in the
 * outbox directory. A file appears whole or not at all (written aside, flushed, then linked into place), so
 * a reader never sees half a message. A message with an id has a name made of it alone and is linked only
 * where no file has that name: a second attempt of the same message leaves the first one as it was.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkedMailMessage, unsubscribeHeaders, type MailMessage, type Mailer } from './mailer';

export interface OutboxFile extends MailMessage {
  sent_at: string;
  /** The headers an SMTP server would have been given beyond the addresses and subject: the unsubscribe ones. */
  headers?: Record<string, string>;
}

export class OutboxMailer implements Mailer {
  constructor(
    private readonly directory: string,
    private readonly now: () => Date,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const checked = checkedMailMessage(message);
    const sentAt = this.now().toISOString();
    const file: OutboxFile = { ...checked, sent_at: sentAt, ...(checked.unsubscribeUrl !== undefined && { headers: unsubscribeHeaders(checked.unsubscribeUrl) }) };
    // Names sort by time; the uuid keeps two messages of the same millisecond apart.
    const name = checked.id === undefined ? `${sentAt.replace(/[:.]/g, '-')}-${randomUUID()}.json` : `message-${createHash('sha256').update(checked.id).digest('hex')}.json`;
    // Aside under a name of its own: an attempt killed mid-write may have left its temporary file behind.
    const temporary = path.join(this.directory, `.${randomUUID()}.tmp`);
    // Its mails carry live links (sign-in, password reset, invites): its owner's only.
    await fs.mkdir(this.directory, { recursive: true, mode: 0o700 });
    const handle = await fs.open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(file, null, 2)}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      // A link fails where the name is taken, unlike a rename: the first attempt of a message stays.
      await fs.link(temporary, path.join(this.directory, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await fs.rm(temporary, { force: true });
    }
  }

  async close(): Promise<void> {}
}

/** The messages in an outbox directory, oldest first (for tests and operators' tools). */
export async function readOutbox(directory: string): Promise<OutboxFile[]> {
  let names: string[];
  try {
    names = await fs.readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.json') && !name.startsWith('.'));
  const messages = await Promise.all(files.map(async (name) => JSON.parse(await fs.readFile(path.join(directory, name), 'utf8')) as OutboxFile));
  return messages.sort((a, b) => a.sent_at.localeCompare(b.sent_at));
}
