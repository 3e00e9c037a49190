/** Composition root of the projector process (distributed profile): one writer at a time, the others stand by. */
import 'reflect-metadata';
import { cryptoIdGenerator, systemClock } from '@passes/application';
import { configFromEnvironment, jsonLogger, openStores, processScope, requireDistributed, runProcess } from '@passes/runtime';
import { ProjectorService } from './projector-service';

runProcess('projector', jsonLogger, async () => {
  const config = configFromEnvironment(process.env);
  requireDistributed(config);
  const stores = await openStores(config, () => systemClock.now());
  const service = processScope({ config, clock: systemClock, ids: cryptoIdGenerator, logger: jsonLogger }, stores).resolve(ProjectorService);
  await service.start();
  return {
    describe: () => ({ writer: service.projector.isWriter }),
    stop: async () => {
      await service.stop();
      await stores.close();
    },
  };
});
