import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OutboxMailer, readOutbox } from './outbox-mailer';
import { describeMailerContract } from './testing/mailer.contract';

const SENT_AT = new Date('2026-11-21T10:00:00.000Z');

function temporaryDirectory(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'passes-outbox-'));
}

describeMailerContract('outbox directory', async () => {
  const dir = temporaryDirectory();
  const outbox = path.join(dir, 'outbox');
  return {
    mailer: new OutboxMailer(outbox, () => SENT_AT),
    delivered: async () => (await readOutbox(outbox)).map(({ to, subject, text, html, headers }) => ({ to, subject, text, html, ...(headers && { headers }) })),
    dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
});

describe('OutboxMailer', () => {
  let dir: string;
  beforeEach(() => {
    dir = temporaryDirectory();
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes one JSON file {to, subject, text, html, sent_at} per message, with the injected time', async () => {
    const outbox = path.join(dir, 'outbox');
    await new OutboxMailer(outbox, () => SENT_AT).send({ to: 'ann@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
    const [file, ...others] = fs.readdirSync(outbox);
    expect(others).toEqual([]);
    expect(file).toMatch(/^2026-11-21T10-00-00-000Z-[0-9a-f-]{36}\.json$/);
    expect(JSON.parse(fs.readFileSync(path.join(outbox, String(file)), 'utf8'))).toEqual({
      to: 'ann@example.com',
      subject: 'Hello',
      text: 'Hi',
      html: '<p>Hi</p>',
      sent_at: '2026-11-21T10:00:00.000Z',
    });
  });

  it('leaves no temporary file behind and reads an outbox that does not exist yet as empty', async () => {
    const outbox = path.join(dir, 'outbox');
    expect(await readOutbox(outbox)).toEqual([]);
    const mailer = new OutboxMailer(outbox, () => SENT_AT);
    await Promise.all([1, 2, 3].map((n) => mailer.send({ to: 'ann@example.com', subject: `No. ${n}`, text: 'Hi', html: '<p>Hi</p>' })));
    expect(fs.readdirSync(outbox).filter((name) => !name.endsWith('.json'))).toEqual([]);
    expect(fs.readdirSync(outbox)).toHaveLength(3);
  });

  it('keeps the first of two attempts to send one message (the same id), and reads messages oldest first', async () => {
    const outbox = path.join(dir, 'outbox');
    let now = SENT_AT;
    const mailer = new OutboxMailer(outbox, () => now);
    const welcome = { id: 'automation.email:run-1:0', to: 'ann@example.com', subject: 'Welcome', text: 'Hi', html: '<p>Hi</p>' };
    await mailer.send(welcome);
    now = new Date('2026-11-21T10:00:30.000Z');
    await mailer.send({ ...welcome, text: 'Hi again' });
    await mailer.send({ to: 'bob@example.com', subject: 'Other', text: 'Hi', html: '<p>Hi</p>' });
    expect((await readOutbox(outbox)).map(({ to, text, sent_at }) => ({ to, text, sent_at }))).toEqual([
      { to: 'ann@example.com', text: 'Hi', sent_at: '2026-11-21T10:00:00.000Z' },
      { to: 'bob@example.com', text: 'Hi', sent_at: '2026-11-21T10:00:30.000Z' },
    ]);
    expect(fs.readdirSync(outbox).filter((name) => !name.endsWith('.json'))).toEqual([]);
  });
});
