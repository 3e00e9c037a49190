/**
 * The icon and logo every pass carries until templates have images of their own: Wallet refuses a
 * pass without an icon. Read once from the package's assets (the same path from src and dist).
 */
import fs from 'node:fs';
import path from 'node:path';

const ASSETS = path.join(__dirname, '..', '..', 'assets');
const FILES = ['icon.png', 'icon@2x.png', 'icon@3x.png', 'logo.png', 'logo@2x.png', 'logo@3x.png'] as const;

let loaded: Readonly<Record<string, Buffer>> | null = null;

export function defaultImages(): Readonly<Record<string, Buffer>> {
  loaded ??= Object.fromEntries(FILES.map((name) => [name, fs.readFileSync(path.join(ASSETS, name))]));
  return loaded;
}

/** The logo alone, which Google Wallet fetches from the service for a loyalty class's program logo. */
export function defaultLogo(): Buffer {
  const logo = defaultImages()['logo@3x.png'];
  if (!logo) throw new Error('The default logo is missing from the wallets package');
  return logo;
}
