/**
 * The event feed of the distributed profile's dispatchers: a consumer group on the events topic, so the
 * dispatchers share its partitions, and when one dies the others take its partitions over. A batch's
 * offsets are committed only after the handler is done with it; a rebalance or a crash therefore
 * repeats events, which the handler absorbs by event id.
 */
import type { EventFeed, FeedHealth, RecordedEvent } from '@passes/event-store';
import type { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import { eventOf } from './event-message';
import { ensureTopic } from './topic';

interface KafkaEventFeedOptions {
  topic: string;
  groupId: string;
  /** How long the group waits for a silent member before handing its partitions to the others. */
  sessionTimeoutMs?: number;
  /** The first wait before a member that kafkajs gave up on joins again; it doubles up to a minute. */
  rejoinDelayMs?: number;
}

/** Kafka's own floor for session timeouts on a default broker; a dead dispatcher's partitions move after it. */
const DEFAULT_SESSION_TIMEOUT_MS = 10_000;
const DEFAULT_REJOIN_DELAY_MS = 1000;
const MAX_REJOIN_DELAY_MS = 60_000;

type Handler = (events: readonly RecordedEvent[]) => Promise<void>;

export class KafkaEventFeed implements EventFeed {
  private consumer: Consumer | null = null;
  private stopped = true;
  private running = false;
  private restarts = 0;
  private failuresInARow = 0;
  private rejoinTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly kafka: Kafka,
    private readonly options: KafkaEventFeedOptions,
  ) {}

  async start(handler: Handler, onError: (error: unknown) => void): Promise<void> {
    this.stopped = false;
    await ensureTopic(this.kafka, this.options.topic);
    await this.join(handler, onError);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.rejoinTimer) clearTimeout(this.rejoinTimer);
    this.rejoinTimer = null;
    const consumer = this.consumer;
    this.consumer = null;
    this.running = false;
    await consumer?.disconnect();
  }

  health(): FeedHealth {
    return { running: this.running, restarts: this.restarts };
  }

  private async join(handler: Handler, onError: (error: unknown) => void): Promise<void> {
    const sessionTimeout = this.options.sessionTimeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS;
    const consumer = this.kafka.consumer({
      groupId: this.options.groupId,
      sessionTimeout,
      heartbeatInterval: Math.max(100, Math.floor(sessionTimeout / 6)),
      rebalanceTimeout: sessionTimeout,
      // An empty fetch waits this long at most; stopping waits for it too.
      maxWaitTimeInMs: 500,
    });
    this.consumer = consumer;
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      onError(payload.error);
      // kafkajs restarts a consumer after a retriable error only; after any other (a member the
      // coordinator dropped while its handler waited on a store) it has disconnected for good, and the
      // process would stay up following nothing. A new member joins in its place.
      if (!payload.restart) this.rejoinLater(consumer, handler, onError);
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [this.options.topic], fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      eachBatch: (payload) => this.consume(payload, handler, onError),
    });
    this.running = true;
    this.failuresInARow = 0;
  }

  private rejoinLater(crashed: Consumer, handler: Handler, onError: (error: unknown) => void): void {
    if (this.stopped || this.consumer !== crashed) return;
    this.running = false;
    this.restarts += 1;
    const first = this.options.rejoinDelayMs ?? DEFAULT_REJOIN_DELAY_MS;
    const delay = Math.min(first * 2 ** this.failuresInARow, MAX_REJOIN_DELAY_MS);
    this.failuresInARow += 1;
    this.rejoinTimer = setTimeout(() => {
      this.rejoinTimer = null;
      if (this.stopped) return;
      crashed
        .disconnect()
        .catch(() => undefined)
        .then(() => this.join(handler, onError))
        .catch((error: unknown) => {
          onError(error);
          if (this.consumer !== null) this.rejoinLater(this.consumer, handler, onError);
        });
    }, delay);
  }

  private async consume({ batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload, handler: Handler, onError: (error: unknown) => void): Promise<void> {
    const last = batch.messages.at(-1);
    if (last === undefined || !isRunning() || isStale()) return;
    const events: RecordedEvent[] = [];
    for (const message of batch.messages) {
      try {
        events.push(eventOf(message));
      } catch (error) {
        // Only the relay writes the topic; a message it could not have written is reported and passed over.
        onError(error);
      }
    }
    if (events.length > 0) await handler(events);
    resolveOffset(last.offset);
    await this.consumer?.commitOffsets([{ topic: batch.topic, partition: batch.partition, offset: (BigInt(last.offset) + 1n).toString() }]);
    await heartbeat();
  }
}
