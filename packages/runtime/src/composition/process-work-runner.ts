/**
 * The one background-work runner of a process: every kind of work the process does (webhook deliveries,
 * wallet notifications, and whatever the programme adds) is registered on it, and the composition root
 * starts it once its handlers are registered and stops it after the followers that record work.
 */
import { WorkRunner } from '@passes/background-work';
import { isStaleLeaseHolder, newLeaseHolder } from '@passes/read-model';
import { TOKENS } from '../tokens';
import type { PortRegistry } from './port-registry';

export function processWorkRunner(ports: PortRegistry): WorkRunner {
  const clock = ports.get(TOKENS.clock);
  const logger = ports.get(TOKENS.logger);
  return new WorkRunner(ports.get(TOKENS.workStore), {
    holder: newLeaseHolder(),
    now: () => clock.now(),
    pollIntervalMs: ports.get(TOKENS.config).workPollIntervalMs,
    isGoneHolder: isStaleLeaseHolder,
    onError: (error) => logger.error('background work failed; it carries on by itself', { error }),
  });
}
