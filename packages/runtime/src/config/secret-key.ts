/**
 * The service's signing secret (access tokens; barcode signatures derive their keys from it): PASSES_SECRET_KEY when set,
 * otherwise generated once into the data directory and kept, so tokens survive a restart.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DATA_FILES } from '../stores/data-directory';


export function loadSecretKey(dataDir: string, configured: string | undefined): Uint8Array {
  if (configured) return createHash('sha256').update(configured).digest();
  const file = path.join(dataDir, DATA_FILES.secretKey);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return createHash('sha256').update(fs.readFileSync(file, 'utf8').trim()).digest();
}
