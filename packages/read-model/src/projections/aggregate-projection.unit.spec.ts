/**
 * An aggregate projection knows the documents its own evolve made in this process from nothing, from its own
 * or from one that passed the schema, which readers may take without a check; a document it made from one
 * read from storage and never checked is checked like any stored one.
 */
import { describe, expect, it } from '@jest/globals';
import type { PassEvent } from '@passes/domain';
import { positionOfInteger, type RecordedEvent } from '@passes/event-store';
import { passIssued } from '../../../domain/src/testing/pass-fixtures';
import type { Projection } from './projection';
import { passProjection } from './read-models';

/** As the projector holds it: documents of no particular type, as they come from storage. */
const untyped: Projection = passProjection;

const recorded = (event: PassEvent, revision: number): RecordedEvent => ({
  id: `event-${revision}`,
  stream: 'pass-p1',
  revision,
  position: positionOfInteger(revision + 1),
  type: event.type,
  data: { ...event.data },
  metadata: { correlation_id: 'c', causation_id: null, business_id: 'b', actor: 'test', schema_version: 1 },
  created_at: '2026-11-21T09:00:00.000Z',
});

const issued = recorded(passIssued({ pass_id: 'p1' }), 0);
const stamped = recorded({ type: 'PassStamped', data: { count: 1, stamps: 1, occurred_at: '2026-11-21T09:10:00.000Z' } }, 1);

describe('the documents an aggregate projection made', () => {
  it('knows a document it made from a stream\'s first event, and one it made from that', () => {
    const first = passProjection.apply(null, issued);
    if (first === null) throw new Error('PassIssued made no pass');
    const next = passProjection.apply(first, stamped);
    if (next === null) throw new Error('PassStamped removed the pass');

    expect(passProjection.madeHere?.(first)).toBe(first);
    expect(passProjection.madeHere?.(next)).toBe(next);
  });

  it('knows a document it made from a stored one that passed the schema', () => {
    const stored: unknown = JSON.parse(JSON.stringify(passProjection.apply(null, issued)));
    if (typeof stored !== 'object' || stored === null || !passProjection.schema.safeParse(stored).success) throw new Error('the stored pass does not pass');
    untyped.passedCheck?.(stored);
    const fromStored = untyped.apply(stored, stamped);
    if (typeof fromStored !== 'object' || fromStored === null) throw new Error('PassStamped removed the pass');

    expect(untyped.madeHere?.(fromStored)).toBe(fromStored);
  });

  it('does not know a document it made from a stored one never checked', () => {
    const stored: unknown = JSON.parse(JSON.stringify(passProjection.apply(null, issued)));
    const fromStored = untyped.apply(stored, stamped);
    if (typeof fromStored !== 'object' || fromStored === null) throw new Error('PassStamped removed the pass');

    expect(untyped.madeHere?.(fromStored)).toBeUndefined();
  });

  it('does not know a document read from storage, nor one it made from such a document', () => {
    const first = passProjection.apply(null, issued);
    const stored: unknown = JSON.parse(JSON.stringify(first));
    if (typeof stored !== 'object' || stored === null) throw new Error('the stored pass is not an object');
    const next = passProjection.apply(passProjection.schema.parse(stored), stamped);
    if (next === null) throw new Error('PassStamped removed the pass');

    expect(passProjection.madeHere?.(stored)).toBeUndefined();
    expect(passProjection.madeHere?.(next)).toBeUndefined();
  });
});
