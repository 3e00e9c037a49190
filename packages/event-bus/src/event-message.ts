/**
 * A recorded event as a Kafka message (DESIGN §7): keyed by its stream, so one stream's events stay in
 * order in one partition; the value is the whole recorded event as JSON, read back through the
 * event store's envelope decoder.
 */
import { recordedEventFromJson, type RecordedEvent } from '@passes/event-store';
import type { KafkaMessage, Message } from 'kafkajs';

export function messageOf(event: RecordedEvent): Message {
  return { key: event.stream, value: JSON.stringify(event), headers: { 'event-id': event.id, 'event-type': event.type } };
}

export function eventOf(message: KafkaMessage): RecordedEvent {
  return recordedEventFromJson(message.value?.toString('utf8') ?? '');
}
