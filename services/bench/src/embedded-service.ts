/** The service on the embedded profile in a child process, on a fresh data directory of its own. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startChildServer, type ChildServer } from './child-server';
import type { Resources } from './resources';
import { API_SCRIPT } from './scripts';

/** The most the service's configuration accepts. */
export const RATE_LIMIT_PER_MINUTE = 1_000_000;

export interface EmbeddedService extends ChildServer {
  dataDir: string;
  /** The environment that names its stores, for the `passes` CLI. */
  storesEnv: NodeJS.ProcessEnv;
}

/** Stopped, and its directory removed, when `resources` are released. `script` is another build's API to run instead of this one's. */
export async function startEmbeddedService(resources: Resources, name = 'service', settings: NodeJS.ProcessEnv = {}, script = API_SCRIPT): Promise<EmbeddedService> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-bench-'));
  resources.defer(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const storesEnv = { PASSES_DATA_DIR: dataDir };
  const service = await startChildServer({
    name,
    script,
    // The load generator is one credential: the default 60 requests a minute would make every figure a 429.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...storesEnv, PASSES_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_PER_MINUTE), ...settings },
    readyMessage: 'wallet pass service running',
  });
  resources.defer(() => service.stop());
  return { ...service, dataDir, storesEnv };
}
