/** What `/healthz` and `/readyz` answer (docs/operations.md). */
import { z } from 'zod';

export const livenessResponse = z.strictObject({ status: z.literal('ok') });
export type LivenessResponse = z.infer<typeof livenessResponse>;

const storeStatus = z.enum(['ok', 'unavailable']);

export const readinessResponse = z.strictObject({
  status: z.enum(['ready', 'not_ready']),
  dependencies: z.strictObject({ event_store: storeStatus, read_store: storeStatus, work_store: storeStatus }),
  projections: z.array(
    z.strictObject({
      name: z.string(),
      /** Positions are the event store's own opaque values. */
      checkpoint: z.unknown(),
      head: z.unknown(),
      /** Events between the checkpoint and the head, counted up to a limit; null when they could not be counted. */
      lag: z.int().min(0).nullable(),
      caught_up: z.boolean(),
    }),
  ),
  /** The followers of the event feed in this process (the embedded profile's webhook dispatcher, automations and, with a wallet, wallet notifier). */
  followers: z.array(
    z.strictObject({
      name: z.string(),
      /** False while its feed starts over after a failure. */
      running: z.boolean(),
      /** How many times its feed started over by itself since the process started. */
      restarts: z.int().min(0),
    }),
  ),
  /** Each kind of background work with pending items: how many, and how long the oldest due one has waited. */
  background_work: z.array(z.strictObject({ kind: z.string(), pending: z.int().min(0), lag_seconds: z.number().min(0) })),
});
export type ReadinessResponse = z.infer<typeof readinessResponse>;
