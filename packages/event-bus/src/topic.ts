/**
 * The events topic, created by whichever of the relay and the dispatchers starts first when it is
 * missing (brokers are not asked to create topics on first use). Its partition count bounds how many
 * dispatchers share the work.
 */
import type { Kafka } from 'kafkajs';

const DEFAULT_PARTITIONS = 8;

export async function ensureTopic(kafka: Kafka, topic: string, partitions = DEFAULT_PARTITIONS): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = await admin.listTopics();
    if (existing.includes(topic)) return;
    // The replication factor is the brokers' default: 1 on a development broker, what the operator set on a cluster.
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: partitions }] }).catch((error: unknown) => {
      // Another process created it between the listing and now.
      if (!(error instanceof Error && 'type' in error && error.type === 'TOPIC_ALREADY_EXISTS')) throw error;
    });
  } finally {
    await admin.disconnect();
  }
}
