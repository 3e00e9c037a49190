/**
 * A wallet notification as background work: an APNs push to one device, or an update of a Google Wallet
 * object or class, each on its own (no group), in the order of the events that called for them (the
 * item's order is the event's place in the feed: the read models must have reached it before it is sent).
 */
import { workKind } from '@passes/background-work';
import { z } from 'zod';

/** What to do: push one device of a pass, or bring a pass's Google object or a template's class up to date. */
export const walletWork = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('apple_push'), passId: z.string(), deviceLibraryIdentifier: z.string(), pushToken: z.string() }),
  z.object({ kind: z.literal('google_object'), passId: z.string() }),
  z.object({ kind: z.literal('google_class'), templateId: z.string() }),
]);
export type WalletWork = z.infer<typeof walletWork>;

export const WALLET_NOTIFICATION = workKind('wallet.notification', walletWork);
