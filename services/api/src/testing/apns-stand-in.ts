/**
 * A local stand-in for APNs: HTTP/2 over TLS on 127.0.0.1 with a certificate of the test CA, asking for
 * the client's certificate as APNs does. It keeps every push and answers as the test scripts it.
 */
import fs from 'node:fs';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { WalletCredentialFiles } from '@passes/testkit';

interface ReceivedPush {
  method: string;
  path: string;
  topic: string | undefined;
  pushType: string | undefined;
  body: string;
  /** The subject of the certificate the client authenticated with. */
  clientCertificateSubject: string;
}

type PushAnswer = { status: 200 } | { status: number; reason: string };

export class ApnsStandIn {
  readonly received: ReceivedPush[] = [];
  answer: (push: ReceivedPush) => PushAnswer = () => ({ status: 200 });

  private constructor(private readonly server: http2.Http2SecureServer) {}

  static async start(credentials: WalletCredentialFiles): Promise<ApnsStandIn> {
    const server = http2.createSecureServer({
      key: fs.readFileSync(credentials.serverKey),
      cert: fs.readFileSync(credentials.serverCert),
      ca: fs.readFileSync(credentials.caCert),
      requestCert: true,
      rejectUnauthorized: true,
    });
    const standIn = new ApnsStandIn(server);
    server.on('stream', (stream, headers) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const socket = stream.session?.socket as TLSSocket | undefined;
        const push: ReceivedPush = {
          method: String(headers[':method']),
          path: String(headers[':path']),
          topic: headers['apns-topic'] === undefined ? undefined : String(headers['apns-topic']),
          pushType: headers['apns-push-type'] === undefined ? undefined : String(headers['apns-push-type']),
          body: Buffer.concat(chunks).toString('utf8'),
          clientCertificateSubject: socket?.getPeerCertificate().subject?.CN ?? '',
        };
        standIn.received.push(push);
        const answer = standIn.answer(push);
        stream.respond({ ':status': answer.status, 'apns-id': 'stand-in' });
        stream.end('reason' in answer ? JSON.stringify({ reason: answer.reason, timestamp: Date.now() }) : undefined);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get url(): string {
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Resolves once `count` pushes have arrived; fails after a generous deadline. */
  async waitFor(count: number): Promise<ReceivedPush[]> {
    for (let waited = 0; this.received.length < count; waited += 20) {
      if (waited > 15_000) throw new Error(`expected ${count} pushes, got ${this.received.length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.received.slice(0, count);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
