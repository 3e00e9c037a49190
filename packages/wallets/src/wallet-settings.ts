/**
 * What the operator configured for each wallet (runtime's configuration reads it from the environment
 * and the files it names). A wallet that is not configured is `null` everywhere: no links, no routes.
 */

/** Apple Wallet: the pass type certificate the business got from its Apple developer account. */
export interface AppleWalletSettings {
  /** `pass.com.example.loyalty`: the pass type identifier the certificate was issued for. */
  passTypeIdentifier: string;
  teamIdentifier: string;
  /** PEM: the pass type certificate, its private key (encrypted when a passphrase is set), Apple's WWDR intermediate. */
  certificatePem: string;
  privateKeyPem: string;
  privateKeyPassphrase: string | null;
  wwdrCertificatePem: string;
  /** Base64 of the P-256 public key Apple's NFC certificate names; passes carry `nfc` only with it. */
  nfcEncryptionPublicKey: string | null;
  /** Where pushes go: `https://api.push.apple.com` unless a test points it at its own stand-in. */
  apnsUrl: string;
  /** PEM of the only CA the APNs client trusts instead of the system's: for a local stand-in in tests. */
  apnsCaPem: string | null;
}

/** Google Wallet: the issuer account and the service account allowed to act for it. */
export interface GoogleWalletSettings {
  issuerId: string;
  serviceAccount: { clientEmail: string; privateKeyPem: string; privateKeyId: string | null };
  /** Base of the Google Wallet REST API, `https://walletobjects.googleapis.com/walletobjects/v1`. */
  walletApiUrl: string;
  /** Google's OAuth token endpoint, `https://oauth2.googleapis.com/token`. */
  tokenUrl: string;
}

export interface WalletSettings {
  apple: AppleWalletSettings | null;
  google: GoogleWalletSettings | null;
}

export const DEFAULT_APNS_URL = 'https://api.push.apple.com';
export const DEFAULT_GOOGLE_WALLET_API_URL = 'https://walletobjects.googleapis.com/walletobjects/v1';
export const DEFAULT_GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
