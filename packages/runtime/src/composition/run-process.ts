/**
 * The life of a service process: configuration read and components started by `start`, one log line
 * once it runs, and a clean stop on SIGTERM or SIGINT. A bad configuration ends it with one line.
 */
import { ConfigError } from '../config/config';
import type { Logger } from '../logging/logger';

export interface RunningProcess {
  /** Logged once the process runs, e.g. the address it listens on. */
  describe(): Record<string, unknown>;
  stop(): Promise<void>;
}

export function runProcess(name: string, logger: Logger, start: () => Promise<RunningProcess>): void {
  start().then(
    (running) => {
      logger.info(`${name} running`, running.describe());
      const shutdown = (signal: string) => {
        logger.info(`${name} shutting down`, { signal });
        running.stop().then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error(`${name} shutdown failed`, { error });
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', () => shutdown('SIGTERM'));
      process.once('SIGINT', () => shutdown('SIGINT'));
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof ConfigError ? error.message : String(error instanceof Error ? error.stack : error)}\n`);
      process.exit(1);
    },
  );
}
