/**
 * The one typed boundary between stored bytes and domain events (DESIGN §7). Each aggregate declares a
 * registry: for every event type, the zod schema of its payload at the current schema version and the
 * upcasters that lift older versions to it. Stored events are never rewritten; they are upcast on read.
 */
import type { z } from 'zod';

export interface DomainEventShape {
  type: string;
  data: object;
}

/** Lifts a payload of one schema version to the next. Pure; runs on every read of an old event. */
type Upcaster = (data: Readonly<Record<string, unknown>>) => Record<string, unknown>;

interface EventDefinition<Data> {
  /** The schema version new events of this type are written with; starts at 1. */
  version: number;
  schema: z.ZodType<Data>;
  /** `upcasters[n]` turns a version-n payload into a version-(n + 1) one; one per version below `version`. */
  upcasters?: Readonly<Record<number, Upcaster>>;
}

/** Exactly one definition per member of the union: a missing or extra type fails to compile. */
export type EventRegistry<Event extends DomainEventShape> = {
  readonly [Type in Event['type']]: EventDefinition<Extract<Event, { type: Type }>['data']>;
};

/** What decoding needs of a stored or consumed event. */
export interface EncodedEvent {
  type: string;
  data: unknown;
  metadata: { schema_version: number };
}

/** A stored event that this code cannot turn into a domain event; never silently skipped. */
export class UndecodableEventError extends Error {
  constructor(
    readonly eventType: string,
    readonly reason: string,
  ) {
    super(`Cannot decode event ${eventType}: ${reason}`);
    this.name = 'UndecodableEventError';
  }
}

export function isEventOf<Event extends DomainEventShape>(registry: EventRegistry<Event>, type: string): type is Event['type'] {
  return Object.hasOwn(registry, type);
}

/** The event types a registry declares, in declaration order. */
export function eventTypesOf<Event extends DomainEventShape>(registry: EventRegistry<Event>): readonly Event['type'][] {
  return Object.keys(registry).filter((type) => isEventOf(registry, type));
}

/** The schema version an event of this type is written with now. */
export function schemaVersionOf<Event extends DomainEventShape>(registry: EventRegistry<Event>, type: Event['type']): number {
  return definitionOf(registry, type).version;
}

/** The only way from a stored or consumed event to a domain event: upcast to the current version, then validate. */
export function decodeEvent<Event extends DomainEventShape>(registry: EventRegistry<Event>, encoded: EncodedEvent): Event {
  const { type } = encoded;
  if (!isEventOf(registry, type)) throw new UndecodableEventError(type, 'not an event type of this registry');
  const definition = definitionOf(registry, type);
  const stored = encoded.metadata.schema_version;
  if (!Number.isSafeInteger(stored) || stored < 1 || stored > definition.version) {
    throw new UndecodableEventError(type, `schema version ${stored} is not between 1 and ${definition.version}`);
  }
  let data: unknown = encoded.data;
  for (let version = stored; version < definition.version; version++) {
    const upcast = definition.upcasters?.[version];
    if (upcast === undefined) throw new UndecodableEventError(type, `no upcaster from schema version ${version}`);
    if (!isRecord(data)) throw new UndecodableEventError(type, `version ${version} payload is not an object`);
    data = upcast(data);
  }
  const parsed = definition.schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UndecodableEventError(type, `${issue?.path.join('.') || 'payload'}: ${issue?.message ?? 'invalid'}`);
  }
  // `type` is one of the registry's and `parsed.data` passed that type's own schema.
  return { type, data: parsed.data } as Event;
}

function definitionOf<Event extends DomainEventShape>(registry: EventRegistry<Event>, type: Event['type']): EventDefinition<unknown> {
  return registry[type] as EventDefinition<unknown>;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
