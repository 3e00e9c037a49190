/** The relay as a process's component: the event store's feed, published to the events topic. */
import { kafkaClient, Relay } from '@passes/event-bus';
import type { CheckpointStore, EventStore } from '@passes/event-store';
import { requireKafka, TOKENS, type Config, type Logger } from '@passes/runtime';
import { inject, injectable } from 'tsyringe';

@injectable()
export class RelayService {
  readonly relay: Relay;

  constructor(
    @inject(TOKENS.config) config: Config,
    @inject(TOKENS.logger) logger: Logger,
    @inject(TOKENS.eventStore) events: EventStore,
    @inject(TOKENS.checkpointStore) checkpoints: CheckpointStore,
  ) {
    const kafka = requireKafka(config);
    this.relay = new Relay(kafkaClient({ ...kafka, clientId: 'passes-relay' }, logger), events, checkpoints, {
      topic: kafka.topic,
      onError: (error) => logger.error('relay failed; it resumes from its checkpoint', { error }),
    });
  }

  start(): Promise<void> {
    return this.relay.start();
  }

  stop(): Promise<void> {
    return this.relay.stop();
  }
}
