/**
 * Stored and consumed events arrive as bytes; this is where their envelope (the metadata every event
 * carries) is checked. Payloads are checked later, by the domain's registry (`decodeEvent`).
 */
import { z } from 'zod';
import type { EventMetadata, RecordedEvent } from './event-store';
import { positionFrom } from './position';

const metadataSchema = z.object({
  correlation_id: z.string(),
  causation_id: z.string().nullable(),
  business_id: z.string().nullable(),
  actor: z.string(),
  schema_version: z.number().int().min(1),
  depth: z.number().int().min(1).optional(),
}) satisfies z.ZodType<EventMetadata>;

const dataSchema = z.record(z.string(), z.unknown());

const recordedEventSchema = z.object({
  id: z.string(),
  stream: z.string().min(1),
  revision: z.number().int().min(0),
  position: z.string().transform((text, context) => {
    try {
      return positionFrom(text);
    } catch {
      context.addIssue({ code: 'custom', message: 'is not a feed position' });
      return z.NEVER;
    }
  }),
  type: z.string().min(1),
  data: dataSchema,
  metadata: metadataSchema,
  created_at: z.iso.datetime(),
});

export class MalformedEnvelopeError extends Error {
  constructor(eventId: string, reason: string) {
    super(`Event ${eventId} has a malformed envelope: ${reason}`);
    this.name = 'MalformedEnvelopeError';
  }
}

export function metadataFrom(eventId: string, value: unknown): EventMetadata {
  return parse(eventId, 'metadata', metadataSchema, value);
}

/** Only the shape of an object: the payload itself is checked by its event type's schema (`decodeEvent`). */
export function dataFrom(eventId: string, value: unknown): Record<string, unknown> {
  if (!isPlainObject(value)) throw new MalformedEnvelopeError(eventId, 'data: is not an object');
  return value;
}

/** What JSON.parse makes of a JSON object: no array, no bytes, no class instance. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function parse<Output>(eventId: string, part: string, schema: z.ZodType<Output>, value: unknown): Output {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new MalformedEnvelopeError(eventId, `${part}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
}

/** A recorded event that crossed a process boundary as JSON (a Kafka message), checked whole. */
export function recordedEventFromJson(json: string): RecordedEvent {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new MalformedEnvelopeError('(unknown)', 'not JSON');
  }
  const id = typeof value === 'object' && value !== null && 'id' in value ? String(value.id) : '(unknown)';
  return parse(id, 'envelope', recordedEventSchema, value);
}
