/** Composition root of the relay process (distributed profile): event store → Kafka, checkpoint after acknowledgement. */
import { kafkaClient, Relay } from '@passes/event-bus';
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
