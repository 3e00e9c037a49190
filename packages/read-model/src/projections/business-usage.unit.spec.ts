/** A business's usage document takes each event once: a batch written again after a crash changes nothing. */
import { describe, expect, it } from '@jest/globals';
import { positionFrom, type RecordedEvent } from '@passes/event-store';
import { businessUsageProjection, type BusinessUsage } from './business-usage';

const eventAt = (position: string): RecordedEvent => ({
  id: `event-${position}`,
  stream: `pass-${position}`,
  revision: 0,
  position: positionFrom(position),
  type: 'PassIssued',
  data: {},
  metadata: { correlation_id: 'c', causation_id: null, business_id: 'b', actor: 'test', schema_version: 1 },
  created_at: '2026-01-01T00:00:00.000Z',
});

const usage: BusinessUsage = { businessId: 'b', livePasses: 3, templates: 1, position: positionFrom('120') };
const stored = { id: 'b', revision: 3, doc: usage };

describe('the business usage projection', () => {
  it('starts a business at revision 0', () => {
    expect(businessUsageProjection.revisionAfter(undefined, eventAt('7'))).toBe(0);
  });

  it('skips an event at or before the last position it took in, whatever its stream revision', () => {
    expect(businessUsageProjection.revisionAfter(stored, eventAt('120'))).toBeNull();
    expect(businessUsageProjection.revisionAfter(stored, eventAt('99'))).toBeNull();
  });

  it('takes a later event at the next revision, so the store keeps the newer document', () => {
    expect(businessUsageProjection.revisionAfter(stored, eventAt('1000'))).toBe(4);
  });
});
