import { describe, expect, test } from '@jest/globals';
import { z } from 'zod';
import { passEvents } from '../pass/pass-event-registry';
import { decodeEvent, eventTypesOf, schemaVersionOf, UndecodableEventError, type EventRegistry } from './event-registry';

type Event = { type: 'Renamed'; data: { name: string; by: string } } | { type: 'Closed'; data: { reason: string } };

/** Version 1 of Renamed had no `by`; version 2 named the field `title`; version 3 is the current shape. */
const registry: EventRegistry<Event> = {
  Renamed: {
    version: 3,
    schema: z.object({ name: z.string(), by: z.string() }),
    upcasters: {
      1: (data) => ({ ...data, by: 'unknown' }),
      2: ({ title, ...rest }) => ({ ...rest, name: title }),
    },
  },
  Closed: { version: 1, schema: z.object({ reason: z.string() }) },
};

const stored = (type: string, data: unknown, schemaVersion: number) => ({ type, data, metadata: { schema_version: schemaVersion } });

describe('decodeEvent', () => {
  test('returns an event of the current version as it was stored', () => {
    expect(decodeEvent(registry, stored('Renamed', { name: 'Ada', by: 'owner' }, 3))).toEqual({ type: 'Renamed', data: { name: 'Ada', by: 'owner' } });
  });

  test('upcasts an old version step by step to the current shape, without touching what was stored', () => {
    const data = { title: 'Ada' };
    expect(decodeEvent(registry, stored('Renamed', data, 1))).toEqual({ type: 'Renamed', data: { name: 'Ada', by: 'unknown' } });
    expect(data).toEqual({ title: 'Ada' });
  });

  test('refuses a payload that does not match its schema, naming the field', () => {
    expect(() => decodeEvent(registry, stored('Closed', { reason: 42 }, 1))).toThrow(/reason/);
    expect(() => decodeEvent(registry, stored('Closed', { reason: 42 }, 1))).toThrow(UndecodableEventError);
  });

  test('refuses a type the registry does not know, and a version it cannot reach', () => {
    expect(() => decodeEvent(registry, stored('Reopened', {}, 1))).toThrow(/not an event type/);
    expect(() => decodeEvent(registry, stored('Closed', { reason: 'x' }, 2))).toThrow(/schema version 2/);
    expect(() => decodeEvent(registry, stored('Closed', { reason: 'x' }, 0))).toThrow(/schema version 0/);
  });

  test('does not mistake inherited object properties for event types', () => {
    expect(() => decodeEvent(registry, stored('toString', {}, 1))).toThrow(/not an event type/);
  });
});

describe('the registry', () => {
  test('lists its event types and the version new events are written with', () => {
    expect(eventTypesOf(registry)).toEqual(['Renamed', 'Closed']);
    expect(schemaVersionOf(registry, 'Renamed')).toBe(3);
  });
});

describe('wallet installs and uninstalls of schema 1', () => {
  test('are read with no device, push token or reason, as they named none', () => {
    expect(decodeEvent(passEvents, stored('PassInstalled', { occurred_at: '2026-11-21T10:00:00.000Z' }, 1))).toEqual({
      type: 'PassInstalled',
      data: { device_library_identifier: null, push_token: null, occurred_at: '2026-11-21T10:00:00.000Z' },
    });
    expect(decodeEvent(passEvents, stored('PassUninstalled', { occurred_at: '2026-11-21T10:00:00.000Z' }, 1))).toEqual({
      type: 'PassUninstalled',
      data: { device_library_identifier: null, reason: null, occurred_at: '2026-11-21T10:00:00.000Z' },
    });
  });
});
