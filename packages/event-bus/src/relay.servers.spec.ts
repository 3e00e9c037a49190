/**
 * The relay and the consumer-group feed on a real Kafka broker: every event published keyed by its
 * stream and in order per stream, the checkpoint moved only after the broker acknowledged, members
 * of a group sharing the partitions, and a broker outage ridden out without losing an event.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { SqliteCheckpointStore, SqliteEventStore, type NewEvent, type RecordedEvent } from '@passes/event-store';
import { describeWithServer } from '@passes/testkit';
import { AssignerProtocol, type Kafka } from 'kafkajs';
import { kafkaClient } from './kafka-client';
import { KafkaEventFeed } from './kafka-event-feed';
import { Relay, RELAY_CHECKPOINT } from './relay';

const KAFKA_SCRIPT = path.resolve(__dirname, '../../../infra/kafka/kafka.sh');
const quiet = { warn: () => undefined };

const event = (index: number): NewEvent => ({
  type: 'Ticked',
  data: { index },
  metadata: { correlation_id: randomUUID(), causation_id: null, business_id: null, actor: 'test', schema_version: 1 },
});

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeWithServer('kafka', 'the relay and the consumer group on a real broker', (brokers) => {
  let directory: string;
  let events: SqliteEventStore;
  let checkpoints: SqliteCheckpointStore;
  let topic: string;
  const stoppers: (() => Promise<void>)[] = [];

  const client = (address = brokers): Kafka => kafkaClient({ brokers: [address], topic, clientId: `test-${randomUUID().slice(0, 6)}` }, quiet);

  function relayOn(kafka: Kafka): Relay {
    const relay = new Relay(kafka, events, checkpoints, { topic, partitions: 4, onError: () => undefined });
    stoppers.push(() => relay.stop());
    return relay;
  }

  function member(kafka: Kafka, groupId: string, received: RecordedEvent[]): KafkaEventFeed {
    const feed = new KafkaEventFeed(kafka, { topic, groupId, sessionTimeoutMs: 3000 });
    stoppers.push(() => feed.stop());
    void feed.start(async (batch) => void received.push(...batch), () => undefined);
    return feed;
  }

  /** How many members of the group hold at least one partition, as the broker's coordinator says. */
  async function membersWithPartitions(groupId: string): Promise<number> {
    const admin = client().admin();
    await admin.connect();
    try {
      const { groups } = await admin.describeGroups([groupId]);
      return (groups[0]?.members ?? []).filter((member) => {
        const assignment = AssignerProtocol.MemberAssignment.decode(member.memberAssignment);
        return Object.values(assignment?.assignment ?? {}).some((partitions) => partitions.length > 0);
      }).length;
    } finally {
      await admin.disconnect();
    }
  }

  async function appendTo(streams: readonly string[], perStream: number): Promise<void> {
    for (let index = 0; index < perStream; index += 1) {
      for (const stream of streams) await events.append(stream, [event(index)], 'any');
    }
  }

  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'relay-'));
    events = SqliteEventStore.open(path.join(directory, 'events.sqlite'), { pollIntervalMs: 20 });
    checkpoints = SqliteCheckpointStore.open(path.join(directory, 'checkpoints.sqlite'));
    topic = `relay-test-${randomUUID().slice(0, 8)}`;
  });

  afterEach(async () => {
    for (const stop of stoppers.splice(0).reverse()) await stop().catch(() => undefined);
    await checkpoints.close();
    await events.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it('publishes every event keyed by its stream, in order per stream, and moves its checkpoint after the acknowledgement', async () => {
    const streams = ['pass-a', 'pass-b', 'pass-c', 'business-d'];
    await appendTo(streams, 5);
    await relayOn(client()).start();
    const received: RecordedEvent[] = [];
    member(client(), `group-${randomUUID()}`, received);
    await appendTo(streams, 5);

    await until(() => received.length >= 40, 'the 40 events');
    const stored = await events.readAll();
    expect(new Set(received.map((recorded) => recorded.id))).toEqual(new Set(stored.map((recorded) => recorded.id)));
    for (const stream of streams) {
      expect(received.filter((recorded) => recorded.stream === stream).map((recorded) => recorded.revision)).toEqual(Array.from({ length: 10 }, (_, index) => index));
    }
    expect(received.find((recorded) => recorded.id === stored[0]?.id)).toEqual(stored[0]);
    // Saved just after the acknowledgement, which may come a moment after a consumer has the events.
    await until(async () => (await checkpoints.load(RELAY_CHECKPOINT)) === stored.at(-1)?.position, 'the checkpoint at the last event');
  }, 60_000);

  it('shares the partitions between the members of a group, and hands a stopped member’s to the others', async () => {
    await relayOn(client()).start();
    const first: RecordedEvent[] = [];
    const second: RecordedEvent[] = [];
    const group = `group-${randomUUID()}`;
    const firstMember = member(client(), group, first);
    member(client(), group, second);
    // The first to join takes every partition until the second has joined and the group rebalanced.
    await until(async () => (await membersWithPartitions(group)) === 2, 'both members to hold partitions');
    const streams = Array.from({ length: 16 }, (_, index) => `pass-${index}`);
    await appendTo(streams, 2);
    await until(() => first.length + second.length >= 32, 'the 32 events');
    expect(first.length).toBeGreaterThan(0);
    expect(second.length).toBeGreaterThan(0);

    await firstMember.stop();
    const before = second.length;
    await appendTo(streams, 1);
    await until(() => second.length >= before + 16, 'the last 16 events at the remaining member');
  }, 60_000);

  it('carries on after its handler outlived the session (a store outage): the dropped member joins again and nothing is lost', async () => {
    await relayOn(client()).start();
    await appendTo(['pass-s'], 3);
    const received: RecordedEvent[] = [];
    const restarts: unknown[] = [];
    let stalled = false;
    const feed = new KafkaEventFeed(client(), { topic, groupId: `group-${randomUUID()}`, sessionTimeoutMs: 1500 });
    stoppers.push(() => feed.stop());
    await feed.start(
      async (batch) => {
        // The first batch hangs past the session, as a handler waiting on a store that times out does:
        // the coordinator drops the member, and the commit after it is refused as non-retriable.
        if (!stalled) {
          stalled = true;
          await new Promise((resolve) => setTimeout(resolve, 5000));
        }
        received.push(...batch);
      },
      (error) => restarts.push(error),
    );

    await until(() => restarts.length > 0, 'the crash to be reported', 30_000);
    await appendTo(['pass-s'], 3);
    await until(() => new Set(received.map((recorded) => recorded.revision)).size >= 6, 'all 6 events after the crash', 60_000);
    expect(feed.health()).toEqual(expect.objectContaining({ running: true }));
    expect(feed.health().restarts).toBeGreaterThanOrEqual(1);
  }, 90_000);

  it('rides out a broker outage: it retries, resumes from its checkpoint, and loses nothing', async () => {
    const own = path.join(directory, 'broker');
    const line = execFileSync(KAFKA_SCRIPT, ['start', own], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const address = line.trim().split('=')[1] ?? '';
    stoppers.push(async () => void execFileSync(KAFKA_SCRIPT, ['stop', own], { stdio: 'ignore' }));
    await relayOn(client(address)).start();
    await appendTo(['pass-x'], 5);

    execFileSync(KAFKA_SCRIPT, ['stop', own], { stdio: 'ignore' });
    await appendTo(['pass-x'], 5);
    execFileSync(KAFKA_SCRIPT, ['start', own, address.split(':')[1] ?? '0'], { stdio: 'ignore' });

    const received: RecordedEvent[] = [];
    member(client(address), `group-${randomUUID()}`, received);
    await until(() => new Set(received.map((recorded) => recorded.id)).size >= 10, 'all 10 events after the outage', 90_000);
    expect([...new Set(received.map((recorded) => recorded.revision))].sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, index) => index));
  }, 150_000);
});
