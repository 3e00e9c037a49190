/** Apple Wallet as the service offers it: the store card of a pass, signed into a .pkpass on demand. */
import type { Template } from '@passes/domain';
import type { AppleWalletSettings } from '../wallet-settings';
import type { PassSecrets } from '../pass-secrets';
import type { WalletPass } from '../wallet-pass';
import { PkpassPackager } from './pkpass-packager';
import { storeCard } from './store-card';

/** Under `{app_url}`: where wallets register passes and fetch their updates. */
export const APPLE_WEB_SERVICE_PATH = '/wallet/apple';

/** The files of a template's own images, by the name a wallet gives them (TemplateImages.filesOf). */
export type TemplateImageFilesOf = (template: Template) => Promise<Readonly<Record<string, Buffer>>>;

export class AppleWallet {
  private readonly packager: PkpassPackager;

  constructor(
    readonly settings: AppleWalletSettings,
    private readonly secrets: PassSecrets,
    private readonly appUrl: () => string,
    private readonly templateImageFilesOf: TemplateImageFilesOf,
  ) {
    this.packager = new PkpassPackager(settings);
  }

  /** The .pkpass a wallet gets: with the template's own images, the defaults where it has none. */
  async pkpassWithImages(walletPass: WalletPass, now: Date): Promise<Buffer> {
    return this.pkpass(walletPass, now, await this.templateImageFilesOf(walletPass.template));
  }

  pkpass(walletPass: WalletPass, now: Date, templateImages: Readonly<Record<string, Buffer>> = {}): Buffer {
    const { settings } = this;
    const card = storeCard(walletPass, {
      passTypeIdentifier: settings.passTypeIdentifier,
      teamIdentifier: settings.teamIdentifier,
      authenticationToken: this.secrets.appleAuthenticationToken(walletPass.pass.serialNumber),
      webServiceUrl: `${this.appUrl()}${APPLE_WEB_SERVICE_PATH}`,
      nfcEncryptionPublicKey: settings.nfcEncryptionPublicKey,
    }, now);
    return this.packager.package(card, now, templateImages);
  }
}
