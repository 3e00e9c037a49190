/**
 * Pass update pushes through APNs (Apple's "Sending notification requests to APNs"): one HTTP/2
 * connection, TLS-authenticated by the pass type certificate, and per device
 * `POST /3/device/{pushToken}` with `apns-topic: <pass type id>` and an empty JSON body (the wallet
 * then asks the web service what changed). The connection
 * is opened on first use and again after it closes or fails.
 */
import http2 from 'node:http2';
import { z } from 'zod';
import type { AppleWalletSettings } from '../wallet-settings';

/** `gone`: APNs says the token is no longer valid for the topic; the device is to be forgotten. */
export type PushResult = 'sent' | 'gone' | { retry: string } | { failed: string };

const apnsError = z.object({ reason: z.string().max(100) });

/** 400 with these reasons means the token itself is bad, as good as gone (Apple: delete the device). */
const BAD_TOKEN_REASONS = new Set(['BadDeviceToken', 'DeviceTokenNotForTopic']);

export class ApnsClient {
  private session: http2.ClientHttp2Session | null = null;

  constructor(
    private readonly settings: AppleWalletSettings,
    private readonly timeoutMs: number,
  ) {}

  async push(pushToken: string): Promise<PushResult> {
    let answer: { status: number; body: string };
    try {
      answer = await this.post(`/3/device/${pushToken}`);
    } catch (error) {
      return { retry: error instanceof Error ? error.message : 'no answer' };
    }
    const { status } = answer;
    if (status === 200) return 'sent';
    const reason = apnsError.safeParse(safeJson(answer.body));
    const why = reason.success ? `${status} ${reason.data.reason}` : `HTTP ${status}`;
    if (status === 410 || (status === 400 && reason.success && BAD_TOKEN_REASONS.has(reason.data.reason))) return 'gone';
    // Throttled, Apple's trouble, or a certificate the operator is about to renew: worth trying again.
    if (status === 429 || status >= 500 || status === 403) return { retry: why };
    return { failed: why };
  }

  close(): void {
    this.session?.close();
    this.session = null;
  }

  private post(path: string): Promise<{ status: number; body: string }> {
    const session = this.connected();
    return new Promise((resolve, reject) => {
      const request = session.request({
        ':method': 'POST',
        ':path': path,
        'apns-topic': this.settings.passTypeIdentifier,
        // A pass update shows no alert: the wallet fetches the pass in the background. APNs requires
        // priority 5 with this type; watchOS drops pushes that name no type.
        'apns-push-type': 'background',
        'apns-priority': '5',
        'content-type': 'application/json',
      });
      request.setTimeout(this.timeoutMs, () => request.close(http2.constants.NGHTTP2_CANCEL));
      let status = 0;
      const chunks: Buffer[] = [];
      request.on('response', (headers) => {
        status = Number(headers[':status']);
      });
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => (status === 0 ? reject(new Error('APNs closed the stream without an answer')) : resolve({ status, body: Buffer.concat(chunks).toString('utf8') })));
      request.on('error', reject);
      request.end('{}');
    });
  }

  private connected(): http2.ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    const { apnsUrl, certificatePem, wwdrCertificatePem, privateKeyPem, privateKeyPassphrase, apnsCaPem } = this.settings;
    const session = http2.connect(apnsUrl, {
      // The chain up to Apple's WWDR intermediate, which the server needs to trust the pass certificate.
      cert: `${certificatePem.trim()}\n${wwdrCertificatePem.trim()}\n`,
      key: privateKeyPem,
      ...(privateKeyPassphrase === null ? {} : { passphrase: privateKeyPassphrase }),
      // Only a test's stand-in needs its own CA; Apple's servers chain to the system's roots.
      ...(apnsCaPem === null ? {} : { ca: apnsCaPem }),
    });
    // A failed or closed connection is replaced on the next push; its streams report their own errors.
    session.on('error', () => undefined);
    session.on('close', () => {
      if (this.session === session) this.session = null;
    });
    session.unref();
    this.session = session;
    return session;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
