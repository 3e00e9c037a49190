/**
 * The event feed of the distributed profile's dispatchers: a consumer group on the events topic, so the
 * dispatchers share its partitions, and when one dies the others take its partitions over. A batch's
 * offsets are committed only after the handler is done with it; a rebalance or a crash therefore
 * repeats events, which the handler absorbs by event id.
 */
import type { EventFeed, RecordedEvent } from '@passes/event-store';
import type { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import { eventOf } from './event-message';
import { ensureTopic } from './topic';

interface KafkaEventFeedOptions {
  topic: string;
  groupId: string;
  /** How long the group waits for a silent member before handing its partitions to the others. */
  sessionTimeoutMs?: number;
}

/** Kafka's own floor for session timeouts on a default broker; a dead dispatcher's partitions move after it. */
const DEFAULT_SESSION_TIMEOUT_MS = 10_000;

export class KafkaEventFeed implements EventFeed {
  private consumer: Consumer | null = null;

  constructor(
    private readonly kafka: Kafka,
    private readonly options: KafkaEventFeedOptions,
  ) {}

  async start(handler: (events: readonly RecordedEvent[]) => Promise<void>, onError: (error: unknown) => void): Promise<void> {
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
    // kafkajs restarts a crashed consumer by itself; the crash is still worth a log line.
    consumer.on(consumer.events.CRASH, (event) => onError(event.payload.error));
    await ensureTopic(this.kafka, this.options.topic);
    await consumer.connect();
    await consumer.subscribe({ topics: [this.options.topic], fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      eachBatch: (payload) => this.consume(payload, handler, onError),
    });
  }

  async stop(): Promise<void> {
    const consumer = this.consumer;
    this.consumer = null;
    await consumer?.disconnect();
  }

  private async consume(
    { batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload,
    handler: (events: readonly RecordedEvent[]) => Promise<void>,
    onError: (error: unknown) => void,
  ): Promise<void> {
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
