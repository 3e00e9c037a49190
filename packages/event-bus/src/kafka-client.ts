/**
 * One kafkajs client per process, its log lines routed into the process's own JSON log (kafkajs writes
 * to the console otherwise), and retries bounded so a broker that is down surfaces as an error the
 * caller retries from its checkpoint. kafkajs logs conditions it retries by itself (a rebalance under
 * way) at ERROR; the failures that matter reach our code as exceptions, so its lines are warnings here.
 */
import { Kafka, logLevel, type LogEntry } from 'kafkajs';

interface BusLogger {
  warn(message: string, fields?: Record<string, unknown>): void;
}

interface KafkaSettings {
  brokers: readonly string[];
  topic: string;
  clientId: string;
}

export function kafkaClient({ brokers, clientId }: KafkaSettings, logger: BusLogger): Kafka {
  return new Kafka({
    clientId,
    brokers: [...brokers],
    logLevel: logLevel.WARN,
    logCreator: () => (entry: LogEntry) => {
      const { message, ...fields } = entry.log;
      logger.warn(`kafka: ${message}`, { namespace: entry.namespace, ...fields });
    },
    retry: { initialRetryTime: 300, retries: 5 },
  });
}
