/**
 * The use cases of the service over a process's ports, built once per process: the API, the dispatcher
 * (which disables webhooks whose endpoint is gone) and the operator's CLI share one.
 */
import { Application, type ReadYourWrites } from '@passes/application';
import { DeliveryLog, WebhookSecretCipher } from '@passes/webhooks';
import type { Config } from '../config/config';
import { loadSecretKey } from '../config/secret-key';
import { paymentGatewayOf } from '../stores/payment-gateway';
import { TOKENS } from '../tokens';
import type { PortRegistry } from './port-registry';

/** What the process decides for itself, beside its ports. */
export interface ApplicationWiring {
  /** How a command's answer waits for the read models: the projector in the process, or another's checkpoints. */
  readYourWrites: ReadYourWrites;
  /** `{app_url}`: PASSES_APP_URL, or the server's own address, known only once it listens. */
  appUrl: () => string;
  /** Tells a dispatcher in this process that a delivery is due now; a dispatcher elsewhere polls. */
  wakeDispatcher?: () => void;
}

export function serviceSecrets(config: Config): { secretKey: Uint8Array; cipher: WebhookSecretCipher } {
  const secretKey = loadSecretKey(config.dataDir, config.secretKey);
  return { secretKey, cipher: new WebhookSecretCipher(secretKey) };
}

export function composeApplication(ports: PortRegistry, { readYourWrites, appUrl, wakeDispatcher }: ApplicationWiring): Application {
  const config = ports.get(TOKENS.config);
  const { secretKey, cipher } = serviceSecrets(config);
  const wakeWork = wakeDispatcher ?? (() => undefined);
  return new Application({
    events: ports.get(TOKENS.eventStore),
    readModels: ports.get(TOKENS.readModels),
    clock: ports.get(TOKENS.clock),
    ids: ports.get(TOKENS.ids),
    secretKey,
    appUrl,
    webhooks: {
      deliveries: new DeliveryLog(ports.get(TOKENS.workStore)),
      cipher,
      policy: { allowPrivate: config.webhookAllowPrivate },
      resolveHost: ports.get(TOKENS.hostResolver),
      wakeDispatcher: wakeWork,
    },
    mailer: ports.get(TOKENS.mailer),
    paymentGateway: paymentGatewayOf(config, ports.get(TOKENS.clock)),
    proPrice: config.stripe?.proPrice ?? null,
    templateImages: ports.get(TOKENS.templateImageStore),
    readYourWrites,
    exportFiles: ports.get(TOKENS.exportFiles),
    googleWallet: config.wallets.google !== null,
    work: ports.get(TOKENS.workStore),
    wakeWork,
  });
}
