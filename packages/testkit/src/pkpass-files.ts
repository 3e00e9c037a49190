/**
 * Opens a `.pkpass` the way a reviewer would: unzipped into a temp directory with python's zipfile,
 * every manifest digest recomputed, and the signature checked by openssl against the test CA.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { WalletCredentialFiles } from './wallet-credentials';

interface UnpackedPkpass {
  directory: string;
  files: string[];
  passJson: Record<string, unknown>;
  manifest: Record<string, string>;
  /** Files whose SHA-1 is not what manifest.json says, and files the manifest leaves out. */
  digestProblems(): string[];
  /** openssl's verdict on `signature` as a detached PKCS#7 over manifest.json, chained to the test CA. */
  signatureVerifies(credentials: WalletCredentialFiles): boolean;
  remove(): void;
}

export function unpackPkpass(pkpass: Uint8Array): UnpackedPkpass {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pkpass-'));
  const archive = path.join(directory, 'pass.pkpass');
  const contents = path.join(directory, 'contents');
  fs.writeFileSync(archive, pkpass);
  execFileSync('python3', ['-m', 'zipfile', '-e', archive, contents]);
  const file = (name: string) => path.join(contents, name);
  const files = fs.readdirSync(contents).sort();
  const readJson = (name: string) => JSON.parse(fs.readFileSync(file(name), 'utf8')) as Record<string, unknown>;
  const manifest = readJson('manifest.json') as Record<string, string>;
  return {
    directory,
    files,
    passJson: readJson('pass.json'),
    manifest,
    digestProblems: () =>
      files
        .filter((name) => name !== 'manifest.json' && name !== 'signature')
        .filter((name) => manifest[name] !== createHash('sha1').update(fs.readFileSync(file(name))).digest('hex'))
        .concat(Object.keys(manifest).filter((name) => !files.includes(name))),
    signatureVerifies: (credentials) => {
      try {
        execFileSync(
          'openssl',
          ['cms', '-verify', '-binary', '-inform', 'DER', '-in', file('signature'), '-content', file('manifest.json'), '-CAfile', credentials.caCert, '-purpose', 'any', '-out', path.join(directory, 'verified')],
          { stdio: ['ignore', 'ignore', 'pipe'] },
        );
        return fs.readFileSync(path.join(directory, 'verified')).equals(fs.readFileSync(file('manifest.json')));
      } catch {
        return false;
      }
    },
    remove: () => fs.rmSync(directory, { recursive: true, force: true }),
  };
}
