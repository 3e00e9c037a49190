import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { makeWalletCredentials, TEST_GOOGLE_CLIENT_EMAIL, TEST_GOOGLE_ISSUER_ID, TEST_PASS_TYPE_ID, TEST_TEAM_ID, walletEnvironment, type WalletCredentialFiles } from '@passes/testkit';
import { configFromEnvironment } from './config';

let files: WalletCredentialFiles;
let env: Record<string, string>;
beforeAll(() => {
  files = makeWalletCredentials();
  env = walletEnvironment(files);
});
afterAll(() => files.remove());

const without = (...names: string[]) => Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)));
const refusal = (values: Record<string, string | undefined>) => {
  try {
    configFromEnvironment(values);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('configuration was accepted');
};

describe('wallet configuration', () => {
  it('is off for both wallets when nothing is set', () => {
    expect(configFromEnvironment({}).wallets).toEqual({ apple: null, google: null });
  });

  it('reads the Apple certificates and the Google service account from the files named', () => {
    const { apple, google } = configFromEnvironment({ ...env, PASSES_APPLE_NFC_PUBLIC_KEY: 'MFkwEwYHKoZIzj0CAQ==' }).wallets;
    expect(apple).toMatchObject({
      passTypeIdentifier: TEST_PASS_TYPE_ID,
      teamIdentifier: TEST_TEAM_ID,
      certificatePem: fs.readFileSync(files.passCert, 'utf8'),
      wwdrCertificatePem: fs.readFileSync(files.wwdrCert, 'utf8'),
      nfcEncryptionPublicKey: 'MFkwEwYHKoZIzj0CAQ==',
      apnsUrl: 'https://api.push.apple.com',
      apnsCaPem: null,
    });
    expect(google).toMatchObject({
      issuerId: TEST_GOOGLE_ISSUER_ID,
      serviceAccount: { clientEmail: TEST_GOOGLE_CLIENT_EMAIL, privateKeyId: 'test-key-1' },
      walletApiUrl: 'https://walletobjects.googleapis.com/walletobjects/v1',
      tokenUrl: 'https://oauth2.googleapis.com/token',
    });
  });

  it('lets each wallet be configured alone, and tests point APNs and Google at local stand-ins', () => {
    const google = without('PASSES_APPLE_PASS_TYPE_ID', 'PASSES_APPLE_TEAM_ID', 'PASSES_APPLE_CERT', 'PASSES_APPLE_KEY', 'PASSES_APPLE_KEY_PASSPHRASE', 'PASSES_APPLE_WWDR_CERT');
    expect(configFromEnvironment({ ...google, PASSES_GOOGLE_TOKEN_URL: 'http://127.0.0.1:4000/token' }).wallets).toMatchObject({
      apple: null,
      google: { tokenUrl: 'http://127.0.0.1:4000/token' },
    });
    const apple = without('PASSES_GOOGLE_ISSUER_ID', 'PASSES_GOOGLE_SERVICE_ACCOUNT_FILE');
    expect(configFromEnvironment({ ...apple, PASSES_APNS_URL: 'https://127.0.0.1:4443/', PASSES_APNS_CA: files.caCert }).wallets).toMatchObject({
      apple: { apnsUrl: 'https://127.0.0.1:4443', apnsCaPem: fs.readFileSync(files.caCert, 'utf8') },
      google: null,
    });
  });

  it.each([
    ['PASSES_APPLE_CERT', () => without('PASSES_APPLE_CERT')],
    ['PASSES_APPLE_PASS_TYPE_ID', () => without('PASSES_APPLE_PASS_TYPE_ID')],
    ['PASSES_GOOGLE_SERVICE_ACCOUNT_FILE', () => without('PASSES_GOOGLE_SERVICE_ACCOUNT_FILE')],
    ['PASSES_APPLE_KEY_PASSPHRASE', () => ({ PASSES_APPLE_KEY_PASSPHRASE: 'secret' })],
    ['PASSES_APNS_CA', () => ({ PASSES_APNS_CA: '/tmp/ca.pem' })],
    ['PASSES_APPLE_CERT', () => ({ ...env, PASSES_APPLE_CERT: path.join(files.directory, 'missing.pem') })],
    ['PASSES_APPLE_CERT', () => ({ ...env, PASSES_APPLE_CERT: files.googleServiceAccount })],
    ['PASSES_APPLE_WWDR_CERT', () => ({ ...env, PASSES_APPLE_WWDR_CERT: files.passKey })],
    ['PASSES_APPLE_KEY', () => ({ ...env, PASSES_APPLE_KEY_PASSPHRASE: 'wrong passphrase' })],
    ['PASSES_APPLE_KEY', () => without('PASSES_APPLE_KEY_PASSPHRASE')],
    ['PASSES_APPLE_KEY', () => ({ ...without('PASSES_APPLE_KEY_PASSPHRASE'), PASSES_APPLE_KEY: files.serverKey })],
    ['PASSES_APPLE_TEAM_ID', () => ({ ...env, PASSES_APPLE_TEAM_ID: 'team' })],
    ['PASSES_APPLE_PASS_TYPE_ID', () => ({ ...env, PASSES_APPLE_PASS_TYPE_ID: 'com.example.loyalty' })],
    ['PASSES_APNS_URL', () => ({ ...env, PASSES_APNS_URL: 'http://api.push.apple.com' })],
    ['PASSES_GOOGLE_ISSUER_ID', () => ({ ...env, PASSES_GOOGLE_ISSUER_ID: 'issuer' })],
    ['PASSES_GOOGLE_SERVICE_ACCOUNT_FILE', () => ({ ...env, PASSES_GOOGLE_SERVICE_ACCOUNT_FILE: files.passCert })],
    ['PASSES_GOOGLE_TOKEN_URL', () => ({ ...env, PASSES_GOOGLE_TOKEN_URL: 'http://oauth2.example.com/token' })],
    ['PASSES_GOOGLE_WALLET_API_URL', () => ({ ...env, PASSES_GOOGLE_WALLET_API_URL: 'ftp://127.0.0.1/' })],
  ])('stops start-up with one line naming %s', (name, values) => {
    const message = refusal(values());
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name}: `));
    expect(message).not.toContain('\n');
  });
});
