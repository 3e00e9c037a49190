/**
 * The embedded profile's mail: one JSON file `{to, subject, text, html, sent_at}` per message in the
 * outbox directory. A file appears whole or not at all (written aside, flushed, then renamed), so a
 * reader never sees half a message.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkedMailMessage, type MailMessage, type Mailer } from './mailer';

export interface OutboxFile extends MailMessage {
  sent_at: string;
}

export class OutboxMailer implements Mailer {
  constructor(
    private readonly directory: string,
    private readonly now: () => Date,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const checked = checkedMailMessage(message);
    const sentAt = this.now().toISOString();
    const file: OutboxFile = { ...checked, sent_at: sentAt };
    // Names sort by time; the uuid keeps two messages of the same millisecond apart.
    const name = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID()}.json`;
    const temporary = path.join(this.directory, `.${name}.tmp`);
    await fs.mkdir(this.directory, { recursive: true });
    const handle = await fs.open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(file, null, 2)}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, path.join(this.directory, name));
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
  const files = names.filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort();
  return Promise.all(files.map(async (name) => JSON.parse(await fs.readFile(path.join(directory, name), 'utf8')) as OutboxFile));
}
