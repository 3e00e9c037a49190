/**
 * The wallet variables (docs/wallets.md): each wallet is configured all or none. Their values name
 * files, which are read and checked here, at start, so a missing, unreadable or mismatched file stops
 * start-up with one line naming its variable, not the first download that needs it.
 */
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import {
  DEFAULT_APNS_URL,
  DEFAULT_GOOGLE_TOKEN_URL,
  DEFAULT_GOOGLE_WALLET_API_URL,
  type AppleWalletSettings,
  type GoogleWalletSettings,
  type WalletSettings,
} from '@passes/wallets';
import { z } from 'zod';

/** https, or http to this machine only (a local stand-in): credentials never cross a network in clear. */
const serviceUrl = z
  .url({ protocol: /^https?$/ })
  .refine((value) => {
    const url = new URL(value);
    return url.protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  }, 'must be an https URL (http only to 127.0.0.1 or localhost)')
  .transform((value) => value.replace(/\/+$/, ''));

export const walletEnvironment = {
  PASSES_APPLE_PASS_TYPE_ID: z.string().regex(/^pass(\.[A-Za-z0-9-]+)+$/, 'must be a pass type identifier such as pass.com.example.loyalty').optional(),
  PASSES_APPLE_TEAM_ID: z.string().regex(/^[A-Z0-9]{10}$/, 'must be the 10-character team identifier of the Apple developer account').optional(),
  PASSES_APPLE_CERT: z.string().min(1).optional(),
  PASSES_APPLE_KEY: z.string().min(1).optional(),
  PASSES_APPLE_KEY_PASSPHRASE: z.string().min(1).optional(),
  PASSES_APPLE_WWDR_CERT: z.string().min(1).optional(),
  PASSES_APPLE_NFC_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64').optional(),
  PASSES_APNS_URL: z.url({ protocol: /^https$/, error: 'must be an https URL' }).default(DEFAULT_APNS_URL).transform((value) => value.replace(/\/+$/, '')),
  PASSES_APNS_CA: z.string().min(1).optional(),
  PASSES_GOOGLE_ISSUER_ID: z.string().regex(/^\d{1,30}$/, 'must be the numeric issuer id of the Google Wallet console').optional(),
  PASSES_GOOGLE_SERVICE_ACCOUNT_FILE: z.string().min(1).optional(),
  PASSES_GOOGLE_WALLET_API_URL: serviceUrl.default(DEFAULT_GOOGLE_WALLET_API_URL),
  PASSES_GOOGLE_TOKEN_URL: serviceUrl.default(DEFAULT_GOOGLE_TOKEN_URL),
};

type WalletValues = z.infer<z.ZodObject<typeof walletEnvironment>>;
type WalletVariable = keyof WalletValues;

const APPLE_REQUIRED = ['PASSES_APPLE_PASS_TYPE_ID', 'PASSES_APPLE_TEAM_ID', 'PASSES_APPLE_CERT', 'PASSES_APPLE_KEY', 'PASSES_APPLE_WWDR_CERT'] as const;
const APPLE_OPTIONAL = ['PASSES_APPLE_KEY_PASSPHRASE', 'PASSES_APPLE_NFC_PUBLIC_KEY', 'PASSES_APNS_CA'] as const;
const GOOGLE_REQUIRED = ['PASSES_GOOGLE_ISSUER_ID', 'PASSES_GOOGLE_SERVICE_ACCOUNT_FILE'] as const;

interface WalletIssue {
  variable: WalletVariable;
  message: string;
}

/** All or none of each wallet's variables; the extras only beside the set they belong to. */
export function walletIssues(values: WalletValues): WalletIssue[] {
  const issues: WalletIssue[] = [];
  const group = (required: readonly WalletVariable[], optional: readonly WalletVariable[], wallet: string) => {
    const set = required.filter((name) => values[name] !== undefined);
    if (set.length > 0) {
      for (const name of required) {
        if (values[name] === undefined) issues.push({ variable: name, message: `is required when ${set[0]} is set (${wallet} is configured all or none)` });
      }
      return;
    }
    for (const name of optional) {
      if (values[name] !== undefined) issues.push({ variable: name, message: `applies only when ${wallet} is configured (${required.join(', ')})` });
    }
  };
  group(APPLE_REQUIRED, APPLE_OPTIONAL, 'Apple Wallet');
  group(GOOGLE_REQUIRED, [], 'Google Wallet');
  return issues;
}

/** A wallet file that cannot be used, named by its variable. */
export class WalletFileError extends Error {
  constructor(
    readonly variable: WalletVariable,
    message: string,
  ) {
    super(message);
  }
}

/** Reads the files the (already checked) variables name. */
export function loadWalletSettings(values: WalletValues): WalletSettings {
  return { apple: loadApple(values), google: loadGoogle(values) };
}

function loadApple(values: WalletValues): AppleWalletSettings | null {
  const { PASSES_APPLE_PASS_TYPE_ID: passTypeIdentifier, PASSES_APPLE_TEAM_ID: teamIdentifier } = values;
  if (passTypeIdentifier === undefined || teamIdentifier === undefined) return null;
  const certificatePem = readPem('PASSES_APPLE_CERT', values.PASSES_APPLE_CERT);
  const privateKeyPem = readPem('PASSES_APPLE_KEY', values.PASSES_APPLE_KEY);
  const wwdrCertificatePem = readPem('PASSES_APPLE_WWDR_CERT', values.PASSES_APPLE_WWDR_CERT);
  const passphrase = values.PASSES_APPLE_KEY_PASSPHRASE ?? null;
  const certificate = certificateOf('PASSES_APPLE_CERT', certificatePem);
  certificateOf('PASSES_APPLE_WWDR_CERT', wwdrCertificatePem);
  const key = privateKeyOf(privateKeyPem, passphrase);
  if (!certificate.checkPrivateKey(key)) throw new WalletFileError('PASSES_APPLE_KEY', 'is not the private key of the certificate in PASSES_APPLE_CERT');
  const apnsCaPem = values.PASSES_APNS_CA === undefined ? null : readPem('PASSES_APNS_CA', values.PASSES_APNS_CA);
  if (apnsCaPem !== null) certificateOf('PASSES_APNS_CA', apnsCaPem);
  return {
    passTypeIdentifier,
    teamIdentifier,
    certificatePem,
    privateKeyPem,
    privateKeyPassphrase: passphrase,
    wwdrCertificatePem,
    nfcEncryptionPublicKey: values.PASSES_APPLE_NFC_PUBLIC_KEY ?? null,
    apnsUrl: values.PASSES_APNS_URL,
    apnsCaPem,
  };
}

const serviceAccountFile = z.object({
  client_email: z.email(),
  private_key: z.string().includes('PRIVATE KEY'),
  private_key_id: z.string().optional(),
});

function loadGoogle(values: WalletValues): GoogleWalletSettings | null {
  const { PASSES_GOOGLE_ISSUER_ID: issuerId, PASSES_GOOGLE_SERVICE_ACCOUNT_FILE: file } = values;
  if (issuerId === undefined || file === undefined) return null;
  let json: unknown;
  try {
    json = JSON.parse(readFile('PASSES_GOOGLE_SERVICE_ACCOUNT_FILE', file));
  } catch (error) {
    if (error instanceof WalletFileError) throw error;
    throw new WalletFileError('PASSES_GOOGLE_SERVICE_ACCOUNT_FILE', 'is not JSON (the key file the Google Cloud console downloads)');
  }
  const parsed = serviceAccountFile.safeParse(json);
  if (!parsed.success) throw new WalletFileError('PASSES_GOOGLE_SERVICE_ACCOUNT_FILE', 'is not a service-account key file: it needs client_email and private_key');
  try {
    createPrivateKey(parsed.data.private_key);
  } catch {
    throw new WalletFileError('PASSES_GOOGLE_SERVICE_ACCOUNT_FILE', 'holds a private_key that cannot be read');
  }
  return {
    issuerId,
    serviceAccount: { clientEmail: parsed.data.client_email, privateKeyPem: parsed.data.private_key, privateKeyId: parsed.data.private_key_id ?? null },
    walletApiUrl: values.PASSES_GOOGLE_WALLET_API_URL,
    tokenUrl: values.PASSES_GOOGLE_TOKEN_URL,
  };
}

function readFile(variable: WalletVariable, file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new WalletFileError(variable, `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
  }
}

function readPem(variable: WalletVariable, file: string | undefined): string {
  if (file === undefined) throw new WalletFileError(variable, 'is required');
  const text = readFile(variable, file);
  if (!text.includes('-----BEGIN ')) throw new WalletFileError(variable, `${file} is not a PEM file`);
  return text;
}

function certificateOf(variable: WalletVariable, pem: string): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch {
    throw new WalletFileError(variable, 'holds no readable certificate');
  }
}

function privateKeyOf(pem: string, passphrase: string | null): KeyObject {
  try {
    return createPrivateKey(passphrase === null ? pem : { key: pem, passphrase });
  } catch {
    const hint = passphrase === null ? ' (an encrypted key needs PASSES_APPLE_KEY_PASSPHRASE)' : ' with PASSES_APPLE_KEY_PASSPHRASE';
    throw new WalletFileError('PASSES_APPLE_KEY', `holds no private key that can be read${hint}`);
  }
}
