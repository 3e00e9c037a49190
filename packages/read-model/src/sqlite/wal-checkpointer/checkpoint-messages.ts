/** What the read store's checkpointer and its thread say to each other, checked on arrival. */
import { z } from 'zod';

export const checkpointerSettings = z.object({ file: z.string(), intervalMs: z.number().int().positive() });
export type CheckpointerSettings = z.infer<typeof checkpointerSettings>;

/** The thread closes its connection and ends. */
export const toCheckpointer = z.object({ type: z.literal('stop') });
export type ToCheckpointer = z.input<typeof toCheckpointer>;

/** A checkpoint failed (the thread goes on trying at every interval, and tells a lasting failure once), or the file could not be opened (it ends). */
export const fromCheckpointer = z.object({ type: z.literal('failed'), message: z.string() });
export type FromCheckpointer = z.input<typeof fromCheckpointer>;
