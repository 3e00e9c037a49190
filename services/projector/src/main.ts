/** Composition root of the projector process (distributed profile): one writer at a time, the others stand by. */
import 'reflect-metadata';
import { openStores, processScope, projectionLagReader, requireDistributed, runProcess } from '@passes/runtime';
import { ProjectorService } from './projector-service';

runProcess('projector', process.env, async (basics) => {
  requireDistributed(basics.config);
  const stores = await openStores(basics.config, () => basics.clock.now());
  const service = processScope(basics, stores).resolve(ProjectorService);
  basics.metrics.watchProjectionLag(projectionLagReader(stores.events, stores.documents));
  await service.start();
  return {
    describe: () => ({ writer: service.projector.isWriter }),
    stop: async () => {
      await service.stop();
      await stores.close();
    },
  };
});
