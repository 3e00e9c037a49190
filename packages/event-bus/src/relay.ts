/**
 * The relay (DESIGN §7): the only producer of the events topic. It follows the event store's global
 * feed from its checkpoint, publishes each batch with every in-sync replica's acknowledgement, and
 * only then moves its checkpoint; so a crash or a broker outage repeats events (receivers deduplicate
 * by event id) and never loses one. The event store is the outbox: nothing is published in-process
 * after an append.
 */
import { CheckpointedFeed, type CheckpointStore, type EventStore, type Position, type RecordedEvent } from '@passes/event-store';
import { Partitioners, type Kafka, type Producer } from 'kafkajs';
import { messageOf } from './event-message';
import { ensureTopic } from './topic';

export const RELAY_CHECKPOINT = 'kafka-relay';

interface RelayOptions {
  topic: string;
  partitions?: number;
  onError: (error: unknown) => void;
  /** The relay's checkpoint lay beyond the event store's newest event (CheckpointedFeed). */
  onMovedBack?: (checkpoint: Position, head: Position | null) => void;
  /** Called after each batch the broker acknowledged. */
  onPublished?: (events: readonly RecordedEvent[]) => void;
}

export class Relay {
  private readonly feed: CheckpointedFeed;
  private readonly producer: Producer;

  constructor(
    private readonly kafka: Kafka,
    events: EventStore,
    checkpoints: CheckpointStore,
    private readonly options: RelayOptions,
  ) {
    this.feed = new CheckpointedFeed(events, checkpoints, { name: RELAY_CHECKPOINT, ...(options.onMovedBack ? { onMovedBack: options.onMovedBack } : {}) });
    // Idempotent: a retried send after a lost acknowledgement is not written twice, and order is kept.
    this.producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, createPartitioner: Partitioners.DefaultPartitioner });
  }

  async start(): Promise<void> {
    await ensureTopic(this.kafka, this.options.topic, this.options.partitions);
    await this.producer.connect();
    await this.feed.start((batch) => this.publish(batch), this.options.onError);
  }

  async stop(): Promise<void> {
    await this.feed.stop();
    await this.producer.disconnect();
  }

  private async publish(batch: readonly RecordedEvent[]): Promise<void> {
    await this.producer.send({ topic: this.options.topic, acks: -1, messages: batch.map(messageOf) });
    this.options.onPublished?.(batch);
  }
}
