/**
 * A real HTTP endpoint on 127.0.0.1 that receives webhook deliveries for a test: it keeps each raw
 * body and its headers, answers as the test scripts it, and checks both signatures of every delivery
 * by recomputing them over the raw bytes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A status to answer with, or `hang` to hold the request open until `release()`. */
export type Answer = number | 'hang';

interface WebhookDeliveryBody {
  id: string;
  event: string;
  timestamp: string;
  data: { id: string; serial_number: string; business_id: string; status: string } & Record<string, unknown>;
}

interface ReceivedDelivery {
  rawBody: Buffer;
  headers: http.IncomingHttpHeaders;
  body: WebhookDeliveryBody;
}

const DEADLINE_MS = 15_000;

export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  private readonly hanging: http.ServerResponse[] = [];
  private listeners: (() => void)[] = [];

  private constructor(
    private readonly server: http.Server,
    private readonly answer: (index: number) => Answer,
  ) {}

  /** `answer` gets the 0-based index of the request and says how to answer it; 200 by default. */
  static async start(answer: (index: number) => Answer = () => 200): Promise<WebhookReceiver> {
    const server = http.createServer();
    const receiver = new WebhookReceiver(server, answer);
    server.on('request', (request, response) => receiver.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/passes`;
  }

  /** Resolves once `count` deliveries have arrived; fails after a generous deadline. */
  waitFor(count: number): Promise<ReceivedDelivery[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.received.length < count) return false;
        clearTimeout(timer);
        this.listeners = this.listeners.filter((listener) => listener !== onRequest);
        resolve(this.received.slice(0, count));
        return true;
      };
      const onRequest = () => void check();
      const timer = setTimeout(() => reject(new Error(`expected ${count} deliveries, got ${this.received.length}`)), DEADLINE_MS);
      if (!check()) this.listeners.push(onRequest);
    });
  }

  /** Resolves once `count` different delivery ids have arrived (repeats of one count once). */
  async waitForDistinct(count: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (new Set(this.received.map((delivery) => delivery.body.id)).size < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} distinct deliveries, got ${new Set(this.received.map((delivery) => delivery.body.id)).size}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Answers every held request with `status`. */
  release(status = 200): void {
    for (const response of this.hanging.splice(0)) response.writeHead(status).end();
  }

  get held(): number {
    return this.hanging.length;
  }

  async close(): Promise<void> {
    this.release();
    await new Promise((resolve) => this.server.close(resolve).closeAllConnections());
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks);
      const answer = this.answer(this.received.length);
      this.received.push({ rawBody, headers: request.headers, body: JSON.parse(rawBody.toString('utf8')) as WebhookDeliveryBody });
      if (answer === 'hang') this.hanging.push(response);
      else response.writeHead(answer).end();
      for (const listener of [...this.listeners]) listener();
    });
  }
}

/** Both signatures of a delivery, recomputed over its raw body and compared in constant time. */
export function signaturesAreValid(delivery: ReceivedDelivery, secret: string): boolean {
  const service = createHmac('sha256', secret).update(delivery.rawBody).digest();
  const given = Buffer.from(String(delivery.headers['x-service-signature']), 'hex');
  const id = String(delivery.headers['webhook-id']);
  const timestamp = String(delivery.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const standard = createHmac('sha256', key).update(Buffer.concat([Buffer.from(`${id}.${timestamp}.`), delivery.rawBody])).digest('base64');
  const serviceOk = given.length === service.length && timingSafeEqual(given, service);
  return serviceOk && delivery.headers['webhook-signature'] === `v1,${standard}`;
}
