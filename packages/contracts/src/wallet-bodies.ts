/** Bodies Apple Wallet sends to the PassKit web service (Apple's PushToken and LogEntries objects). */
import { z } from 'zod';

/** The token's own format is judged by the domain (hex digits), where the registration is decided. */
export const pushTokenBody = z.object({ pushToken: z.string().min(1).max(200) });

/** Bounded: a device's log is kept in ours, so neither its length nor its count is left to the sender. */
export const MAX_WALLET_LOG_ENTRIES = 20;
export const MAX_WALLET_LOG_ENTRY_LENGTH = 500;
export const walletLogBody = z.object({ logs: z.array(z.string()).max(100) });
