/** The wallets over a process's ports: the same for the API (links, downloads, the PassKit web service) and the notifier. */
import type { Application } from '@passes/application';
import { Wallets } from '@passes/wallets';
import { loadSecretKey } from '../config/secret-key';
import { TOKENS } from '../tokens';
import type { PortRegistry } from './port-registry';

export function composeWallets(ports: PortRegistry, application: Application, appUrl: () => string): Wallets {
  const config = ports.get(TOKENS.config);
  return new Wallets({
    settings: config.wallets,
    secretKey: loadSecretKey(config.dataDir, config.secretKey),
    readModels: ports.get(TOKENS.readModels),
    passes: application.passes,
    barcodes: application.passBarcodes,
    templateImages: application.templateImages,
    appUrl,
  });
}
