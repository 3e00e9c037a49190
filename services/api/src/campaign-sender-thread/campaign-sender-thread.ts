/**
 * The embedded server's side of its campaign sender's thread (campaign-sender-worker.ts): starts it, tells
 * it when a campaign's item is due now, and stops it. A thread that dies is logged, not restarted: what it
 * had under way is leased work, taken up again after the lease by the next start, from the cursor.
 */
import { Worker } from 'node:worker_threads';
import type { Logger } from '@passes/runtime';
import { fromSender, type SenderSettings, type ToSender } from './campaign-sender-messages';

/**
 * The compiled worker, also when this file runs from its TypeScript source (under jest): a worker thread
 * runs plain JavaScript, so the package must be built.
 */
const WORKER_SCRIPT = require.resolve('@passes/api/dist/campaign-sender-thread/campaign-sender-worker.js');

export class CampaignSenderThread {
  private stopped: Promise<void> | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly ended: Promise<void>,
  ) {}

  /** Resolves once the thread's stores are open and its runner claims work. */
  static start(settings: SenderSettings, logger: Logger): Promise<CampaignSenderThread> {
    const worker = new Worker(WORKER_SCRIPT, { workerData: settings });
    // A process that ends without a stop leaves nothing half done: each message is one append, each page's counts another.
    worker.unref();
    const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    return new Promise((resolve, reject) => {
      worker.on('error', (error) => {
        logger.error('campaign sender thread failed', { error });
        reject(error);
      });
      worker.on('exit', (code) => reject(new Error(`the campaign sender thread ended with code ${code}`)));
      worker.on('message', (raw: unknown) => {
        const message = fromSender.parse(raw);
        switch (message.type) {
          case 'ready':
            resolve(new CampaignSenderThread(worker, ended));
            return;
          case 'error':
            logger.error('campaign sending failed; it carries on by itself', { error: message.message });
            return;
          case 'stopped':
            return;
        }
      });
    });
  }

  /** A campaign's item may be due now. */
  wake(): void {
    this.send({ type: 'wake' });
  }

  /** Stops its attempts (a page under way ends first), closes its stores, and waits for it to end. */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      this.send({ type: 'stop' });
      await this.ended;
    })();
    return this.stopped;
  }

  private send(message: ToSender): void {
    this.worker.postMessage(message);
  }
}
