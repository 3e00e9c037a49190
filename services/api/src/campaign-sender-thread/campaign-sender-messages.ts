/** What the embedded server's thread and its campaign sender's thread say to each other, checked on arrival. */
import { z } from 'zod';

/** What the sender's thread is started with: where the stores are, and what of the configuration it needs. */
export const senderSettings = z.object({
  dataDir: z.string(),
  googleWallet: z.boolean(),
  workPollIntervalMs: z.number().int().positive(),
});
export type SenderSettings = z.infer<typeof senderSettings>;

export const toSender = z.discriminatedUnion('type', [
  /** A campaign's item may be due now (a send was asked for). */
  z.object({ type: z.literal('wake') }),
  /** Stop sending (a page under way ends first), close the stores and end. */
  z.object({ type: z.literal('stop') }),
]);
export type ToSender = z.input<typeof toSender>;

export const fromSender = z.discriminatedUnion('type', [
  /** Its stores are open and its runner claims work. */
  z.object({ type: z.literal('ready') }),
  /** Background work failed; the runner carries on by itself. */
  z.object({ type: z.literal('error'), message: z.string() }),
  /** Stopped: its attempts ended, its stores closed. */
  z.object({ type: z.literal('stopped') }),
]);
export type FromSender = z.input<typeof fromSender>;
