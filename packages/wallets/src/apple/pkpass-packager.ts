/**
 * Signs a store card into a `.pkpass` (Apple's "Building a Pass"): pass.json, the images,
 * manifest.json with the SHA-1 of every other file, and `signature` over the manifest, zipped. Signed on
 * every download (DESIGN §7), so it is timed in `npm run bench`.
 */
import { hash } from 'node:crypto';
import type { AppleWalletSettings } from '../wallet-settings';
import { defaultImages } from './default-images';
import { ManifestSigner } from './manifest-signature';
import type { StoreCard } from './store-card';
import { zipArchive, type ZipEntry } from './zip-archive';

export const PKPASS_MEDIA_TYPE = 'application/vnd.apple.pkpass';

export class PkpassPackager {
  private readonly signer: ManifestSigner;

  constructor(
    settings: AppleWalletSettings,
    private readonly images: Readonly<Record<string, Buffer>> = defaultImages(),
  ) {
    this.signer = new ManifestSigner(settings);
  }

  /** `templateImages`: the template's own files (`logo.png`, `strip@2x.png`), in place of the defaults of the same name. */
  package(card: StoreCard, signingTime: Date, templateImages: Readonly<Record<string, Buffer>> = {}): Buffer {
    const files: ZipEntry[] = [
      { name: 'pass.json', data: Buffer.from(JSON.stringify(passJson(card)), 'utf8') },
      ...Object.entries({ ...this.images, ...templateImages }).map(([name, data]) => ({ name, data })),
    ];
    // Apple's manifest holds SHA-1 digests: that is the format, not a choice.
    const manifest = Buffer.from(JSON.stringify(Object.fromEntries(files.map(({ name, data }) => [name, hash('sha1', data, 'hex')]))), 'utf8');
    return zipArchive([...files, { name: 'manifest.json', data: manifest }, { name: 'signature', data: this.signer.sign(manifest, signingTime) }]);
  }
}

/** pass.json: the top-level keys, the style key holding the fields, the barcode in both keys Wallet reads. */
function passJson({ pass, fields, barcode, nfc }: StoreCard): Record<string, unknown> {
  return {
    ...pass,
    storeCard: fields,
    barcodes: [barcode],
    // iOS 8 and earlier read only the singular key.
    barcode,
    ...(nfc === null ? {} : { nfc }),
  };
}
