/** Composition root of the relay process (distributed profile): event store → Kafka, checkpoint after acknowledgement. */
import 'reflect-metadata';
import { cryptoIdGenerator, systemClock } from '@passes/application';
import { configFromEnvironment, jsonLogger, openStores, processScope, requireDistributed, requireKafka, runProcess } from '@passes/runtime';
import { RelayService } from './relay-service';

runProcess('relay', jsonLogger, async () => {
  const config = configFromEnvironment(process.env);
  requireDistributed(config);
  const { topic } = requireKafka(config);
  const stores = await openStores(config, () => systemClock.now());
  const service = processScope({ config, clock: systemClock, ids: cryptoIdGenerator, logger: jsonLogger }, stores).resolve(RelayService);
  await service.start();
  return {
    describe: () => ({ topic }),
    stop: async () => {
      await service.stop();
      await stores.close();
    },
  };
});
