/** The wallets over the opened stores: the same for the API (links, downloads, the PassKit web service) and the notifier. */
import type { Application } from '@passes/application';
import type { ReadModels } from '@passes/read-model';
import { Wallets } from '@passes/wallets';
import type { Config } from '../config/config';
import { loadSecretKey } from '../config/secret-key';

export function composeWallets(config: Config, application: Application, readModels: ReadModels, appUrl: () => string): Wallets {
  return new Wallets({
    settings: config.wallets,
    secretKey: loadSecretKey(config.dataDir, config.secretKey),
    readModels,
    passes: application.passes,
    barcodes: application.passBarcodes,
    appUrl,
  });
}
