import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { SmtpMailer } from './smtp-mailer';
import { describeMailerContract, type DeliveredMessage } from './testing/mailer.contract';
import { readMimeMessage } from './testing/read-mime-message';

/** A real SMTP server on a free loopback port that keeps what it receives. */
async function startSmtpServer(): Promise<{ port: number; received: DeliveredMessage[]; stop: () => Promise<void> }> {
  const received: DeliveredMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const content = readMimeMessage(Buffer.concat(chunks).toString('latin1'));
        for (const recipient of session.envelope.rcptTo) received.push({ to: recipient.address, ...content });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describeMailerContract('SMTP', async () => {
  const smtp = await startSmtpServer();
  const mailer = new SmtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Wallet Passes <no-reply@passes.test>');
  return {
    mailer,
    delivered: async () => [...smtp.received],
    dispose: async () => {
      await mailer.close();
      await smtp.stop();
    },
  };
});
