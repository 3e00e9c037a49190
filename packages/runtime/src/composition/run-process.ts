/**
 * The life of a service process: configuration read and components started by `start`, the metrics
 * listener when one is configured, one log line once it runs, and a graceful stop on SIGTERM or SIGINT
 * (stop accepting, let work in flight finish, close the stores, exit 0), cut short with exit code 1
 * if it takes longer than FORCED_EXIT_MS. A bad configuration ends it with one line.
 */
import { cryptoIdGenerator, systemClock } from '@passes/application';
import { ConfigError, configFromEnvironment } from '../config/config';
import { jsonLogger } from '../logging/pino-logger';
import { listenForScrapes, type MetricsListener, type ProcessReadiness } from '../metrics/metrics-listener';
import { PrometheusMetrics } from '../metrics/prometheus-metrics';
import type { ProcessBasics } from './process-ports';

/** The stop's own grace ends before this (Config.shutdownGraceMs): past it, something hangs. */
const FORCED_EXIT_MS = 10_000;

export interface RunningProcess {
  /** Logged once the process runs, e.g. the address it listens on. */
  describe(): Record<string, unknown>;
  /** What the metrics listener's `/readyz` answers, for a process without an API of its own. */
  readiness?(): ProcessReadiness;
  stop(): Promise<void>;
}

export function runProcess(name: string, environment: NodeJS.ProcessEnv, start: (basics: ProcessBasics) => Promise<RunningProcess>): void {
  const logger = jsonLogger();
  const metrics = new PrometheusMetrics();
  let listener: MetricsListener | null = null;
  const begin = async () => {
    const config = configFromEnvironment(environment);
    const running = await start({ config, clock: systemClock, ids: cryptoIdGenerator, logger, metrics });
    if (config.metricsListener) listener = await listenForScrapes(config.metricsListener, metrics, running.readiness?.bind(running));
    return running;
  };
  begin().then(
    (running) => {
      logger.info(`${name} running`, { ...running.describe(), ...(listener ? { metrics: listener.url } : {}) });
      let stopping = false;
      const shutdown = (signal: string) => {
        if (stopping) return;
        stopping = true;
        logger.info(`${name} shutting down`, { signal });
        setTimeout(() => {
          logger.error(`${name} did not stop within ${FORCED_EXIT_MS} ms; exiting anyway`);
          process.exit(1);
        }, FORCED_EXIT_MS).unref();
        Promise.all([running.stop(), listener?.close()]).then(
          () => {
            logger.info(`${name} stopped`);
            process.exit(0);
          },
          (error: unknown) => {
            logger.error(`${name} shutdown failed`, { error });
            process.exit(1);
          },
        );
      };
      process.on('SIGTERM', () => shutdown('SIGTERM'));
      process.on('SIGINT', () => shutdown('SIGINT'));
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof ConfigError ? error.message : String(error instanceof Error ? error.stack : error)}\n`);
      process.exit(1);
    },
  );
}
