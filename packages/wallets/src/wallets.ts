/**
 * The wallets the operator configured, as the API and the notifier use them: the links a pass carries,
 * the pass behind a download link, the .pkpass and the Google save link.
 */
import type { PassBarcodes, PassQueries, TemplateImages } from '@passes/application';
import type { Pass } from '@passes/domain';
import type { ReadModels } from '@passes/read-model';
import { AppleWallet } from './apple/apple-wallet';
import { GoogleSaveLinks } from './google/save-link';
import { PassSecrets } from './pass-secrets';
import { WalletPasses } from './wallet-pass';
import type { WalletSettings } from './wallet-settings';

export interface PassLinks {
  /** The download page: `{app_url}/passes/{serial_number}/{download secret}`. */
  downloadUrl: string;
  /** The signed .pkpass, or null when Apple Wallet is not configured. */
  appleWalletUrl: string | null;
  /** Redirects to a fresh "Save to Google Wallet" link, or null when Google Wallet is not configured. */
  googleWalletUrl: string | null;
}

interface WalletsPorts {
  settings: WalletSettings;
  /** The service secret (PASSES_SECRET_KEY, or the generated one) the pass secrets derive from. */
  secretKey: Uint8Array;
  readModels: Pick<ReadModels, 'businesses' | 'templates' | 'milestones'>;
  passes: PassQueries;
  barcodes: PassBarcodes;
  templateImages: TemplateImages;
  appUrl: () => string;
}

export class Wallets {
  readonly secrets: PassSecrets;
  readonly passes: WalletPasses;
  readonly apple: AppleWallet | null;
  readonly google: GoogleSaveLinks | null;
  /** `{app_url}`, where wallets fetch what passes name (the PassKit web service, template images). */
  readonly appUrl: () => string;

  constructor(private readonly ports: WalletsPorts) {
    this.appUrl = ports.appUrl;
    this.secrets = new PassSecrets(ports.secretKey);
    this.passes = new WalletPasses(ports.readModels, ports.barcodes);
    this.apple = ports.settings.apple ? new AppleWallet(ports.settings.apple, this.secrets, ports.appUrl, (template) => ports.templateImages.filesOf(template)) : null;
    this.google = ports.settings.google ? new GoogleSaveLinks(ports.settings.google, ports.appUrl) : null;
  }

  links(pass: Pass): PassLinks {
    const downloadUrl = `${this.ports.appUrl()}/passes/${encodeURIComponent(pass.serialNumber)}/${this.secrets.downloadSecret(pass.serialNumber)}`;
    return {
      downloadUrl,
      appleWalletUrl: this.apple ? `${downloadUrl}/pass.pkpass` : null,
      googleWalletUrl: this.google ? `${downloadUrl}/google` : null,
    };
  }

  /**
   * The pass a download link names, or null: the secret is checked before anything is looked up, so a
   * serial number alone (what the barcode shows) finds nothing, and an unknown one looks the same.
   */
  async byDownloadLink(serialNumber: string, secret: string): Promise<Pass | null> {
    if (!this.secrets.isDownloadSecret(serialNumber, secret)) return null;
    return this.ports.passes.bySerialNumber(serialNumber);
  }
}
