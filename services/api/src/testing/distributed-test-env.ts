/**
 * The environment of the distributed profile's processes in a servers test: one SQLite event store in a
 * fresh data directory, a MongoDB database and a Kafka topic of the test's own (suites on the same servers
 * never see each other's data), loopback listeners on free ports, and rate limits out of the way.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const TEST_SECRET_KEY = 'a-test-secret-of-at-least-thirty-two-characters';

export interface DistributedTestEnv {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  database: string;
  /** Unique to this test: names its topic, and whatever else it must keep apart from other runs. */
  run: string;
}

/** `name` prefixes the data directory and the database; `extra` adds or overrides variables. */
export function distributedTestEnv(name: string, servers: { mongodb?: string; kafka?: string }, extra: NodeJS.ProcessEnv = {}): DistributedTestEnv {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `passes-${name}-`));
  const run = randomUUID().slice(0, 8);
  const database = `passes_${name.replaceAll('-', '_')}_${run}`;
  const env: NodeJS.ProcessEnv = {
    PASSES_PROFILE: 'distributed',
    PASSES_EVENT_STORE: 'sqlite',
    PASSES_DATA_DIR: dataDir,
    PASSES_MONGODB_URL: servers.mongodb,
    PASSES_MONGODB_DATABASE: database,
    ...(servers.kafka === undefined ? {} : { PASSES_KAFKA_BROKERS: servers.kafka, PASSES_KAFKA_TOPIC: `passes.events.${run}` }),
    PASSES_SECRET_KEY: TEST_SECRET_KEY,
    PASSES_RATE_LIMIT_PER_MINUTE: '1000000',
    PASSES_PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
    HOST: '127.0.0.1',
    PORT: '0',
    ...extra,
  };
  return { env, dataDir, database, run };
}
