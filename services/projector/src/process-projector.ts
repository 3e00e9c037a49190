/**
 * The projector of a process: the read models of every projection, kept by whichever projector holds the
 * lease (the others stand by). The embedded server runs it beside its API; the distributed profile in a
 * process of its own.
 */
import { newLeaseHolder, Projector, readModelProjections } from '@passes/read-model';
import { TOKENS, type PortRegistry } from '@passes/runtime';

export function processProjector(ports: PortRegistry): Projector {
  const logger = ports.get(TOKENS.logger);
  const catchUps = ports.get(TOKENS.catchUpRunner);
  return new Projector(ports.get(TOKENS.eventStore), ports.get(TOKENS.documentStore), readModelProjections, {
    holder: newLeaseHolder(),
    clock: ports.get(TOKENS.clock),
    retireGraceMs: ports.get(TOKENS.config).retiredGenerationGraceMs,
    ...(catchUps === null ? {} : { catchUpRunner: catchUps }),
    onError: (error, activity) => logger.error('projector failed; it carries on by itself', { activity, error }),
    onPromoted: (collection, generation) => logger.info('rebuilt projection is live', { projection: collection, generation }),
    onStartedOver: (collections, head) =>
      logger.warn('the read models reflect events beyond the event store\'s newest (was it restored from a backup?): they are built again from its events', { projections: collections, head }),
  });
}
