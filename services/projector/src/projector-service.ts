/**
 * The projector as a process's component: the read models of every projection, kept by whichever
 * projector process holds the lease (the others stand by). In the embedded profile it runs inside the
 * API process; in the distributed one it is a process of its own.
 */
import type { Clock } from '@passes/application';
import type { EventStore } from '@passes/event-store';
import { newLeaseHolder, Projector, readModelProjections, type CatchUpRunner, type DocumentStore } from '@passes/read-model';
import { TOKENS, type Config, type Logger } from '@passes/runtime';
import { inject, injectable } from 'tsyringe';

@injectable()
export class ProjectorService {
  readonly projector: Projector;

  constructor(
    @inject(TOKENS.eventStore) events: EventStore,
    @inject(TOKENS.documentStore) documents: DocumentStore,
    @inject(TOKENS.clock) clock: Clock,
    @inject(TOKENS.logger) logger: Logger,
    @inject(TOKENS.catchUpRunner) catchUps: CatchUpRunner | null,
    @inject(TOKENS.config) config: Config,
  ) {
    this.projector = new Projector(events, documents, readModelProjections, {
      holder: newLeaseHolder(),
      clock,
      retireGraceMs: config.retiredGenerationGraceMs,
      ...(catchUps === null ? {} : { catchUpRunner: catchUps }),
      onError: (error, activity) => logger.error('projector failed; it carries on by itself', { activity, error }),
      onPromoted: (collection, generation) => logger.info('rebuilt projection is live', { projection: collection, generation }),
    });
  }

  start(): Promise<void> {
    return this.projector.start();
  }

  stop(): Promise<void> {
    return this.projector.stop();
  }
}
