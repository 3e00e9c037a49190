/** What the projector's thread and its catch-up worker say to each other, checked on arrival. */
import { positionFrom } from '@passes/event-store';
import { z } from 'zod';

/** The two SQLite files the worker opens its own connections to. */
export const workerFiles = z.object({ events: z.string(), documents: z.string() });
export type WorkerFiles = z.infer<typeof workerFiles>;

const position = z.string().transform(positionFrom).nullable();

export const toWorker = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    id: z.number().int(),
    job: z.object({ collection: z.string(), generation: z.number().int(), checkpoint: position, pageSize: z.number().int().positive() }),
  }),
  z.object({ type: z.literal('stop'), id: z.number().int() }),
  z.object({ type: z.literal('drop'), id: z.number().int(), target: z.object({ collection: z.string(), generation: z.number().int() }) }),
  /** No job is left: the worker closes its connections and ends. */
  z.object({ type: z.literal('close') }),
]);
export type ToWorker = z.input<typeof toWorker>;

export const fromWorker = z.discriminatedUnion('type', [
  z.object({ type: z.literal('page'), id: z.number().int(), checkpoint: position, replayed: z.number().int() }),
  /** A catch-up job ended (caught up, or stopped first), or a drop did (`caughtUp` true unless stopped first). */
  z.object({ type: z.literal('done'), id: z.number().int(), caughtUp: z.boolean() }),
  z.object({ type: z.literal('failed'), id: z.number().int(), message: z.string() }),
]);
export type FromWorker = z.input<typeof fromWorker>;
