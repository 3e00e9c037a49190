/** A signed .pkpass, opened and checked the way Apple Wallet would: every digest, and the signature chain. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { makeWalletCredentials, TEST_KEY_PASSPHRASE, TEST_PASS_TYPE_ID, TEST_TEAM_ID, unpackPkpass, type WalletCredentialFiles } from '@passes/testkit';
import { walletPass } from '../testing/wallet-pass-fixture';
import type { AppleWalletSettings } from '../wallet-settings';
import { PkpassPackager } from './pkpass-packager';
import { storeCard, type StoreCardIdentity } from './store-card';

let credentials: WalletCredentialFiles;
let packager: PkpassPackager;
beforeAll(() => {
  credentials = makeWalletCredentials();
  const settings: AppleWalletSettings = {
    passTypeIdentifier: TEST_PASS_TYPE_ID,
    teamIdentifier: TEST_TEAM_ID,
    certificatePem: fs.readFileSync(credentials.passCert, 'utf8'),
    privateKeyPem: fs.readFileSync(credentials.passKey, 'utf8'),
    privateKeyPassphrase: TEST_KEY_PASSPHRASE,
    wwdrCertificatePem: fs.readFileSync(credentials.wwdrCert, 'utf8'),
    nfcEncryptionPublicKey: null,
    apnsUrl: 'https://127.0.0.1:1',
    apnsCaPem: null,
  };
  packager = new PkpassPackager(settings);
});
afterAll(() => credentials.remove());

const NOW = new Date('2026-11-21T10:00:00.000Z');
const IDENTITY: StoreCardIdentity = {
  passTypeIdentifier: TEST_PASS_TYPE_ID,
  teamIdentifier: TEST_TEAM_ID,
  authenticationToken: 'a-token-of-more-than-sixteen-characters',
  webServiceUrl: 'https://passes.test/wallet/apple',
  nfcEncryptionPublicKey: null,
};

describe('a packaged .pkpass', () => {
  it('holds pass.json, the images, a manifest with the SHA-1 of every other file, and a signature', () => {
    const unpacked = unpackPkpass(packager.package(storeCard(walletPass(), IDENTITY, NOW), NOW));
    try {
      expect(unpacked.files).toEqual(['icon.png', 'icon@2x.png', 'icon@3x.png', 'logo.png', 'logo@2x.png', 'logo@3x.png', 'manifest.json', 'pass.json', 'signature']);
      expect(unpacked.digestProblems()).toEqual([]);
      expect(Object.keys(unpacked.manifest).sort()).toEqual(unpacked.files.filter((name) => name !== 'manifest.json' && name !== 'signature'));
      expect(unpacked.passJson).toMatchObject({ formatVersion: 1, passTypeIdentifier: TEST_PASS_TYPE_ID, serialNumber: 'PS-7K3M-9QXA-2D4F' });
    } finally {
      unpacked.remove();
    }
  });

  it('is signed by the pass type certificate, with the WWDR intermediate, over the manifest: openssl cms -verify accepts it', () => {
    const unpacked = unpackPkpass(packager.package(storeCard(walletPass(), IDENTITY, NOW), NOW));
    try {
      expect(unpacked.signatureVerifies(credentials)).toBe(true);
      const certificates = execFileSync('openssl', ['pkcs7', '-inform', 'DER', '-in', path.join(unpacked.directory, 'contents', 'signature'), '-print_certs', '-noout'], { encoding: 'utf8' });
      expect(certificates).toContain(`Pass Type ID: ${TEST_PASS_TYPE_ID}`);
      expect(certificates).toContain('Test Worldwide Developer Relations CA');
      fs.appendFileSync(path.join(unpacked.directory, 'contents', 'manifest.json'), ' ');
      expect(unpacked.signatureVerifies(credentials)).toBe(false);
    } finally {
      unpacked.remove();
    }
  });
});
