/**
 * The configuration every process of the bench's distributed topology shares, as an operator would set
 * it (docs/operations.md): the servers, one SQLite event store file in a data directory, and a database
 * and topic of the run's own, so that nothing a previous run left behind is counted.
 */
import { randomUUID } from 'node:crypto';
import { RATE_LIMIT_PER_MINUTE } from '../embedded-service';
import type { StartedServers } from './test-servers';

/** Every process signs and verifies with it; any 32 characters will do for a bench. */
const SECRET_KEY = 'a-bench-secret-of-at-least-thirty-two-characters';

interface TopologyEnvironment {
  /** What names the stores: for the `passes` CLI too. */
  storesEnv: NodeJS.ProcessEnv;
  /** Everything a service process gets. */
  processEnv: NodeJS.ProcessEnv;
  mongoDatabase: string;
}

export function topologyEnvironment(servers: StartedServers, dataDir: string): TopologyEnvironment {
  const run = randomUUID().slice(0, 8);
  const mongoDatabase = `passes_bench_${run}`;
  const storesEnv = {
    PASSES_PROFILE: 'distributed',
    PASSES_EVENT_STORE: 'sqlite',
    PASSES_DATA_DIR: dataDir,
    PASSES_MONGODB_URL: servers.mongodbUrl,
    PASSES_MONGODB_DATABASE: mongoDatabase,
    PASSES_KAFKA_BROKERS: servers.kafkaBrokers,
    PASSES_KAFKA_TOPIC: `passes.events.bench-${run}`,
    PASSES_SECRET_KEY: SECRET_KEY,
  };
  return {
    storesEnv,
    processEnv: {
      ...process.env,
      ...storesEnv,
      // The load generator is one credential and one IP: the default 60 a minute would make every figure a 429.
      PASSES_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_PER_MINUTE),
      PASSES_PUBLIC_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_PER_MINUTE),
      HOST: '127.0.0.1',
      PORT: '0',
      // Each process its own metrics listener: what a request costs in store calls is read from them.
      PASSES_METRICS_PORT: '0',
    },
    mongoDatabase,
  };
}
