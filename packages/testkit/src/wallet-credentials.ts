/**
 * Stand-ins for an operator's wallet credentials, made fresh with openssl in a temp directory for each
 * test file, so no private key is ever committed: a test CA playing Apple's root, a WWDR intermediate
 * under it, a pass type certificate under that (as Apple's certificate portal issues them), a TLS
 * certificate for a local APNs stand-in, and a Google service-account key file.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const TEST_PASS_TYPE_ID = 'pass.test.passes.loyalty';
export const TEST_TEAM_ID = 'TEAM123456';
export const TEST_KEY_PASSPHRASE = 'correct horse battery staple';
export const TEST_GOOGLE_ISSUER_ID = '3388000000012345678';
export const TEST_GOOGLE_CLIENT_EMAIL = 'wallet-issuer@passes-test.iam.gserviceaccount.com';

export interface WalletCredentialFiles {
  directory: string;
  /** The test CA every certificate below chains to: what `openssl cms -verify -CAfile` and the APNs client trust. */
  caCert: string;
  wwdrCert: string;
  /** The pass type certificate and its key, encrypted with TEST_KEY_PASSPHRASE. */
  passCert: string;
  passKey: string;
  /** TLS certificate and key of a local server at 127.0.0.1 (the APNs stand-in). */
  serverCert: string;
  serverKey: string;
  /** A Google service-account key file (JSON) and the public half of its key, to verify what it signed. */
  googleServiceAccount: string;
  googlePublicKeyPem: string;
  remove(): void;
}

export function makeWalletCredentials(): WalletCredentialFiles {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-credentials-'));
  const file = (name: string) => path.join(directory, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: directory, stdio: ['ignore', 'ignore', 'pipe'] });
  const extensions = (name: string, lines: string[]) => {
    fs.writeFileSync(file(name), `${lines.join('\n')}\n`);
    return file(name);
  };
  const ca = extensions('ca.ext', ['basicConstraints=critical,CA:TRUE', 'keyUsage=critical,keyCertSign,cRLSign']);
  const leaf = extensions('leaf.ext', ['basicConstraints=critical,CA:FALSE', 'keyUsage=critical,digitalSignature']);
  const server = extensions('server.ext', ['basicConstraints=critical,CA:FALSE', 'subjectAltName=IP:127.0.0.1', 'extendedKeyUsage=serverAuth']);

  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Test Root CA/O=Passes Tests', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  const issue = (name: string, subject: string, extFile: string, issuer: string) => {
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject);
    openssl('x509', '-req', '-in', `${name}.csr`, '-CA', `${issuer}.pem`, '-CAkey', `${issuer}.key`, '-CAcreateserial', '-out', `${name}.pem`, '-days', '2', '-extfile', extFile);
  };
  issue('wwdr', '/CN=Test Worldwide Developer Relations CA/OU=G4/O=Passes Tests', ca, 'ca');
  issue('pass', `/UID=${TEST_PASS_TYPE_ID}/CN=Pass Type ID: ${TEST_PASS_TYPE_ID}/OU=${TEST_TEAM_ID}/O=Passes Tests`, leaf, 'wwdr');
  issue('server', '/CN=127.0.0.1', server, 'ca');
  openssl('pkey', '-in', 'pass.key', '-aes256', '-passout', `pass:${TEST_KEY_PASSPHRASE}`, '-out', 'pass-encrypted.key');

  const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serviceAccount = {
    type: 'service_account',
    project_id: 'passes-test',
    private_key_id: 'test-key-1',
    private_key: google.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: TEST_GOOGLE_CLIENT_EMAIL,
    client_id: '100000000000000000001',
    token_uri: 'https://oauth2.googleapis.com/token',
  };
  fs.writeFileSync(file('google-service-account.json'), JSON.stringify(serviceAccount, null, 2));

  return {
    directory,
    caCert: file('ca.pem'),
    wwdrCert: file('wwdr.pem'),
    passCert: file('pass.pem'),
    passKey: file('pass-encrypted.key'),
    serverCert: file('server.pem'),
    serverKey: file('server.key'),
    googleServiceAccount: file('google-service-account.json'),
    googlePublicKeyPem: google.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    remove: () => fs.rmSync(directory, { recursive: true, force: true }),
  };
}

/** The environment that configures both wallets with these files. */
export function walletEnvironment(files: WalletCredentialFiles): Record<string, string> {
  return {
    PASSES_APPLE_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
    PASSES_APPLE_TEAM_ID: TEST_TEAM_ID,
    PASSES_APPLE_CERT: files.passCert,
    PASSES_APPLE_KEY: files.passKey,
    PASSES_APPLE_KEY_PASSPHRASE: TEST_KEY_PASSPHRASE,
    PASSES_APPLE_WWDR_CERT: files.wwdrCert,
    PASSES_GOOGLE_ISSUER_ID: TEST_GOOGLE_ISSUER_ID,
    PASSES_GOOGLE_SERVICE_ACCOUNT_FILE: files.googleServiceAccount,
  };
}
