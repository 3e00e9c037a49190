/**
 * A kind of background work: its name in the store and the schema of its payload, so that what is
 * recorded is typed and what is claimed is checked before its handler sees it.
 */
import type { z } from 'zod';
import type { JsonValue } from './json-value';
import type { NewWork, WorkItem } from './work-store';

export interface WorkKind<Payload extends JsonValue> {
  name: string;
  payload: z.ZodType<Payload>;
}

/** The payload type of a kind. */
export type PayloadOf<Kind> = Kind extends WorkKind<infer Payload> ? Payload : never;

/** An item of a kind as its handler sees it: the payload checked. */
export type Work<Payload> = Omit<WorkItem, 'payload'> & { payload: Payload };

export function workKind<Payload extends JsonValue>(name: string, payload: z.ZodType<Payload>): WorkKind<Payload> {
  return { name, payload };
}

/** What to record for an item of the kind: its payload typed by the kind. */
export function newWork<Payload extends JsonValue>(
  kind: WorkKind<Payload>,
  item: { id: string; group?: string | null; order?: string; payload: Payload; dueAt: Date; createdAt: Date },
): NewWork {
  // Without an order of their own, items go by when they are due.
  return { id: item.id, kind: kind.name, group: item.group ?? null, order: item.order ?? item.dueAt.toISOString(), payload: item.payload, dueAt: item.dueAt, createdAt: item.createdAt };
}

/** The item as its kind's handler sees it, or null when it is of another kind or its payload does not fit. */
export function workOf<Payload extends JsonValue>(kind: WorkKind<Payload>, item: WorkItem): Work<Payload> | null {
  if (item.kind !== kind.name) return null;
  const payload = kind.payload.safeParse(item.payload);
  return payload.success ? { ...item, payload: payload.data } : null;
}
