import { describe, expect, it } from '@jest/globals';
import { freshForEachTest } from '@passes/testkit';
import { InvalidMailMessage, type MailMessage, type Mailer } from '../mailer';

/** What arrived at the far end of an adapter, read back the way that adapter delivers it. */
export interface DeliveredMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The unsubscribe headers (List-Unsubscribe, List-Unsubscribe-Post), when it has any. */
  headers?: Record<string, string>;
}

interface MailerUnderTest {
  mailer: Mailer;
  delivered(): Promise<DeliveredMessage[]>;
  dispose(): Promise<void>;
}

const LONG_LINK = `https://passes.test/customer?token=${'eyJhbGciOiJIUzI1NiJ9'.repeat(12)}.sig_-`;

function message(overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    to: 'ann@example.com',
    subject: 'Your passes at Café Ünïcode',
    text: `Open your passes:\n${LONG_LINK}\n\nThe link works for 15 minutes.`,
    html: `<p>Open <a href="${LONG_LINK}">your passes</a> at Café.</p>`,
    ...overrides,
  };
}

/** The behaviour every Mailer adapter owes the service. */
export function describeMailerContract(adapterName: string, create: () => Promise<MailerUnderTest>): void {
  describe(`Mailer contract: ${adapterName}`, () => {
    const subject = freshForEachTest(create);

    it('delivers the recipient, subject, text and html exactly as given, long links and accents included', async () => {
      const sent = message();
      await subject().mailer.send(sent);
      expect(await subject().delivered()).toEqual([sent]);
    });

    it('delivers every one of several messages sent at once, each once', async () => {
      const sent = Array.from({ length: 5 }, (_, index) => message({ to: `person-${index}@example.com`, subject: `Message ${index}` }));
      await Promise.all(sent.map((each) => subject().mailer.send(each)));
      const delivered = await subject().delivered();
      expect([...delivered].sort((a, b) => a.subject.localeCompare(b.subject))).toEqual(sent);
    });

    it('carries an unsubscribe address as the List-Unsubscribe headers of RFC 8058, long addresses included', async () => {
      const unsubscribeUrl = `https://passes.test/automation-emails/pass-1/${'x'.repeat(120)}`;
      await subject().mailer.send(message({ unsubscribeUrl }));
      const [delivered] = await subject().delivered();
      expect(delivered?.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    });

    it('refuses an unsubscribe address that is not one web address, and delivers nothing', async () => {
      await expect(subject().mailer.send(message({ unsubscribeUrl: 'https://passes.test/u\r\nBcc: eve@example.com' }))).rejects.toBeInstanceOf(InvalidMailMessage);
      await expect(subject().mailer.send(message({ unsubscribeUrl: 'mailto:eve@example.com' }))).rejects.toBeInstanceOf(InvalidMailMessage);
      expect(await subject().delivered()).toEqual([]);
    });

    it('refuses a recipient or subject that would smuggle a header, and delivers nothing', async () => {
      await expect(subject().mailer.send(message({ to: 'ann@example.com\r\nBcc: eve@example.com' }))).rejects.toBeInstanceOf(InvalidMailMessage);
      await expect(subject().mailer.send(message({ subject: 'Hi\nBcc: eve@example.com' }))).rejects.toBeInstanceOf(InvalidMailMessage);
      expect(await subject().delivered()).toEqual([]);
    });
  });
}
