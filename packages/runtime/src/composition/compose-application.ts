/**
 * The use cases of the service over the opened stores: the same for the API, the dispatcher (which
 * disables webhooks whose endpoint is gone) and the operator's CLI.
 */
import { Application, type Clock, type IdGenerator, type ReadYourWrites } from '@passes/application';
import { DeliveryLog, WebhookSecretCipher, type HostResolver } from '@passes/webhooks';
import type { Config } from '../config/config';
import { loadSecretKey } from '../config/secret-key';
import type { Stores } from '../stores/stores';

export interface ApplicationWiring {
  config: Config;
  stores: Pick<Stores, 'events' | 'documents' | 'work' | 'mailer'>;
  clock: Clock;
  ids: IdGenerator;
  readYourWrites: ReadYourWrites;
  /** The server's own address when PASSES_APP_URL is unset; known only once it listens. */
  appUrl: () => string;
  /** Tells a dispatcher in this process that a delivery is due now; a dispatcher elsewhere polls. */
  wakeDispatcher?: () => void;
  /** How webhook hosts are resolved at registration. */
  resolveHost: HostResolver;
}

export function serviceSecrets(config: Config): { secretKey: Uint8Array; cipher: WebhookSecretCipher } {
  const secretKey = loadSecretKey(config.dataDir, config.secretKey);
  return { secretKey, cipher: new WebhookSecretCipher(secretKey) };
}

export function composeApplication({ config, stores, clock, ids, readYourWrites, appUrl, wakeDispatcher, resolveHost }: ApplicationWiring): Application {
  const { secretKey, cipher } = serviceSecrets(config);
  return new Application({
    events: stores.events,
    documents: stores.documents,
    clock,
    ids,
    secretKey,
    appUrl,
    webhooks: {
      deliveries: new DeliveryLog(stores.work),
      cipher,
      policy: { allowPrivate: config.webhookAllowPrivate },
      resolveHost,
      wakeDispatcher: wakeDispatcher ?? (() => undefined),
    },
    mailer: stores.mailer,
    readYourWrites,
  });
}
