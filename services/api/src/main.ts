/**
 * Composition root of the API process. On the embedded profile (the default) it is the whole service
 * in one process; on the distributed one it is one stateless API instance among any number.
 */
import { runProcess } from '@passes/runtime';
import { DistributedApi } from './distributed-api';
import { EmbeddedServer } from './embedded-server';

runProcess('wallet pass service', process.env, async (basics) => {
  const server = basics.config.profile === 'embedded' ? await EmbeddedServer.start(basics) : await DistributedApi.start(basics);
  return { describe: () => ({ url: `${server.url}/api/v1`, profile: basics.config.profile }), stop: () => server.stop() };
});
