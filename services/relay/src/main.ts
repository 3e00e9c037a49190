/** Composition root of the relay process (distributed profile): event store → Kafka, checkpoint after acknowledgement. */
import { kafkaClient, Relay, RELAY_CHECKPOINT } from '@passes/event-bus';
import { MOVED_BACK } from '@passes/event-store';
import { openStores, processPorts, requireDistributed, requireKafka, runProcess, TOKENS, waitingInLog } from '@passes/runtime';

runProcess('relay', process.env, async (basics) => {
  const { config, logger } = basics;
  requireDistributed(config);
  const kafka = requireKafka(config);
  const stores = await openStores(config, () => basics.clock.now(), waitingInLog(logger), basics.metrics);
  const ports = processPorts(basics, stores);
  const relay = new Relay(kafkaClient({ ...kafka, clientId: 'passes-relay' }, logger), ports.get(TOKENS.eventStore), ports.get(TOKENS.checkpointStore), {
    topic: kafka.topic,
    onError: (error) => logger.error('relay failed; it resumes from its checkpoint', { error }),
    onMovedBack: (checkpoint, head) => logger.warn(MOVED_BACK, { follower: RELAY_CHECKPOINT, checkpoint, head }),
  });

  await relay.start();
  return {
    describe: () => ({ topic: kafka.topic }),
    stop: async () => {
      await relay.stop();
      await stores.close();
    },
  };
});
