/** Composition root of the projector process (distributed profile): one writer at a time, the others stand by. */
import { openStores, processPorts, projectionLagReader, requireDistributed, runProcess, waitingInLog } from '@passes/runtime';
import { processProjector } from './process-projector';

runProcess('projector', process.env, async (basics) => {
  requireDistributed(basics.config);
  const stores = await openStores(basics.config, () => basics.clock.now(), waitingInLog(basics.logger), basics.metrics);
  const projector = processProjector(processPorts(basics, stores));
  basics.metrics.watchProjectionLag(projectionLagReader(stores.events, stores.documents));

  await projector.start();
  return {
    describe: () => ({ writer: projector.isWriter }),
    stop: async () => {
      await projector.stop();
      await stores.close();
    },
  };
});
