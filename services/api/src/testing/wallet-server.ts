/** The embedded stack with both wallets configured against local stand-ins of APNs and Google, for the wallet tests. */
import { configFromEnvironment, type Config } from '@passes/runtime';
import { makeWalletCredentials, walletEnvironment, type WalletCredentialFiles } from '@passes/testkit';
import { ApnsStandIn } from './apns-stand-in';
import { GoogleWalletStandIn } from './google-wallet-stand-in';
import { ManualClock } from './manual-clock';
import { TestServer } from './test-server';

export interface WalletTestBed {
  server: TestServer;
  credentials: WalletCredentialFiles;
  apns: ApnsStandIn;
  google: GoogleWalletStandIn;
  stop(): Promise<void>;
}

export async function startWalletTestBed(overrides: Partial<Config> = {}): Promise<WalletTestBed> {
  const credentials = makeWalletCredentials();
  const apns = await ApnsStandIn.start(credentials);
  const google = await GoogleWalletStandIn.start(credentials.googlePublicKeyPem);
  const { wallets } = configFromEnvironment({
    ...walletEnvironment(credentials),
    PASSES_APNS_URL: apns.url,
    // Only tests set this: the client trusts the stand-in's CA instead of the system's.
    PASSES_APNS_CA: credentials.caCert,
    PASSES_GOOGLE_TOKEN_URL: google.tokenUrl,
    PASSES_GOOGLE_WALLET_API_URL: google.walletApiUrl,
  });
  const server = await TestServer.start(new ManualClock(new Date()), {
    wallets,
    webhookAllowPrivate: true,
    workPollIntervalMs: 20,
    walletTimeoutMs: 2_000,
    ...overrides,
  });
  return {
    server,
    credentials,
    apns,
    google,
    stop: async () => {
      await server.stop();
      await apns.close();
      await google.close();
      credentials.remove();
    },
  };
}
