/**
 * A local stand-in for Google's OAuth token endpoint and the Google Wallet REST API, on 127.0.0.1. It
 * checks the service account's JWT assertion with the account's public key before it hands out a token,
 * keeps every object update, and answers 404 for objects the test says were never saved.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify, type CryptoKey } from 'jose';

interface ReceivedUpdate {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

const ACCESS_TOKEN = 'ya29.stand-in-token';

export class GoogleWalletStandIn {
  readonly updates: ReceivedUpdate[] = [];
  readonly assertions: Record<string, unknown>[] = [];
  /** Object and class ids that exist, as if their holders had saved them; others answer 404. */
  readonly saved = new Set<string>();

  private constructor(private readonly server: http.Server) {}

  static async start(publicKeyPem: string): Promise<GoogleWalletStandIn> {
    const key = await importSPKI(publicKeyPem, 'RS256');
    const server = http.createServer();
    const standIn = new GoogleWalletStandIn(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        void standIn.answer(key, request, text).then(({ status, body }) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get tokenUrl(): string {
    return `${this.base}/token`;
  }

  get walletApiUrl(): string {
    return `${this.base}/walletobjects/v1`;
  }

  /** The first update `matches` accepts, once it has arrived; updates of other tests' passes are passed over. */
  async waitForUpdate(matches: (update: ReceivedUpdate) => boolean): Promise<ReceivedUpdate> {
    for (let waited = 0; ; waited += 20) {
      const found = this.updates.find(matches);
      if (found) return found;
      if (waited > 15_000) throw new Error(`no such update among ${this.updates.length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()).closeAllConnections());
  }

  private get base(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async answer(key: CryptoKey, request: http.IncomingMessage, text: string): Promise<{ status: number; body: unknown }> {
    if (request.method === 'POST' && request.url === '/token') {
      const form = new URLSearchParams(text);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return { status: 400, body: { error: 'unsupported_grant_type' } };
      try {
        const { payload } = await jwtVerify(form.get('assertion') ?? '', key, { audience: this.tokenUrl });
        this.assertions.push(payload);
      } catch {
        return { status: 400, body: { error: 'invalid_grant' } };
      }
      return { status: 200, body: { access_token: ACCESS_TOKEN, expires_in: 3599, token_type: 'Bearer' } };
    }
    const update: ReceivedUpdate = { method: request.method ?? '', path: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(text || '{}') };
    this.updates.push(update);
    if (update.authorization !== `Bearer ${ACCESS_TOKEN}`) return { status: 401, body: {} };
    const id = decodeURIComponent(update.path.split('/').at(-1) ?? '');
    return this.saved.has(id) ? { status: 200, body: { id, ...update.body } } : { status: 404, body: { error: { code: 404 } } };
  }
}
