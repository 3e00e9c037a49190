/**
 * The one background-work runner of a process: every kind of work the process does (webhook deliveries,
 * wallet notifications, and whatever the programme adds) is registered on it, and the composition root
 * starts it once its handlers are registered and stops it after the followers that record work.
 */
import { WorkRunner } from '@passes/background-work';
import { isStaleLeaseHolder, newLeaseHolder } from '@passes/read-model';
import { TOKENS } from '../tokens';
import type { PortRegistry } from './port-registry';

export interface WorkRunnerSharing {
  /**
   * Whether this process's runner is the only one its work store has (the embedded server, which holds its
   * data directory alone): then a lease any other holder left is a process's gone before it, wherever it
   * ran (a container started afresh has another host name). Otherwise only a holder of this host whose
   * process has ended is taken for gone.
   */
  sole: boolean;
}

export function processWorkRunner(ports: PortRegistry, { sole }: WorkRunnerSharing): WorkRunner {
  const clock = ports.get(TOKENS.clock);
  const logger = ports.get(TOKENS.logger);
  const holder = newLeaseHolder();
  return new WorkRunner(ports.get(TOKENS.workStore), {
    holder,
    now: () => clock.now(),
    pollIntervalMs: ports.get(TOKENS.config).workPollIntervalMs,
    isGoneHolder: sole ? (other) => other !== holder : isStaleLeaseHolder,
    onError: (error) => logger.error('background work failed; it carries on by itself', { error }),
  });
}
