/** Composition root of the relay process (distributed profile): event store → Kafka, checkpoint after acknowledgement. */
import 'reflect-metadata';
import { openStores, processScope, requireDistributed, requireKafka, runProcess } from '@passes/runtime';
import { RelayService } from './relay-service';

runProcess('relay', process.env, async (basics) => {
  requireDistributed(basics.config);
  const { topic } = requireKafka(basics.config);
  const stores = await openStores(basics.config, () => basics.clock.now());
  const service = processScope(basics, stores).resolve(RelayService);
  await service.start();
  return {
    describe: () => ({ topic }),
    stop: async () => {
      await service.stop();
      await stores.close();
    },
  };
});
