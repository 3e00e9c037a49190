/**
 * The analytics projection, folded in memory as the projector folds it: what each pass event counts, in
 * which UTC quarter hour and template, and the passes active and installed now. Given a pass's events,
 * when projected, then these documents.
 */
import { describe, expect, it } from '@jest/globals';
import { passEvents, schemaVersionOf, type MessageDelivery, type PassEvent } from '@passes/domain';
import { hasReached, positionOfInteger, type RecordedEvent } from '@passes/event-store';
import { passIssued } from '../../../domain/src/testing/pass-fixtures';
import { InMemoryReplay } from '../projector/in-memory-replay';
import { analyticsDocument } from './analytics-documents';
import { analyticsProjection } from './analytics-projection';

let position = 0;

/** The pass's events as the store records them, one after another in the feed. */
function recorded(passId: string, events: readonly PassEvent[], first = 0): RecordedEvent[] {
  return events.map((event, index) => ({
    id: `${passId}/${first + index}`,
    stream: `pass-${passId}`,
    revision: first + index,
    position: positionOfInteger(++position),
    type: event.type,
    data: { ...event.data },
    metadata: { correlation_id: 'c', causation_id: null, business_id: 'b', actor: 'test', schema_version: schemaVersionOf(passEvents, event.type) },
    created_at: '2026-11-21T10:00:00.000Z',
  }));
}

const issued = (passId: string, at: string, mode: 'live' | 'test' = 'live', template = 't'): PassEvent =>
  passIssued({ pass_id: passId, business_id: 'b', mode, template_id: template, serial_number: `S-${passId}`, occurred_at: at });
const installed = (device: string, token: string, at: string): PassEvent => ({ type: 'PassInstalled', data: { device_library_identifier: device, push_token: token, occurred_at: at } });

async function project(...batches: RecordedEvent[][]) {
  const replay = new InMemoryReplay(analyticsProjection);
  for (const batch of batches) await replay.take(batch);
  return replay.documents();
}

/**
 * The counts of a business's UTC day (`day:business/mode/YYYY-MM-DD`) by template and quarter hour, read back
 * from its templates' day documents' running totals (quarters with counts only).
 */
function quartersOf(documents: ReadonlyMap<string, unknown>, businessDay: string): Record<string, Record<string, Record<string, number>>> {
  const quarters: Record<string, Record<string, Record<string, number>>> = {};
  for (const [id, stored] of documents) {
    if (!id.startsWith(`${businessDay}/`)) continue;
    const doc = analyticsDocument.parse(stored);
    if (doc.kind !== 'day') throw new Error(`${id} is no day`);
    for (const [template, running] of Object.entries(doc.templates)) {
      const byQuarter: Record<string, Record<string, number>> = {};
      for (const [counter, totals] of Object.entries(running)) {
        totals.forEach((total, quarter) => {
          const counted = total - (totals[quarter - 1] ?? 0);
          if (counted !== 0) byQuarter[String(quarter)] = { ...byQuarter[String(quarter)], [counter]: counted };
        });
      }
      quarters[template] = byQuarter;
    }
  }
  return quarters;
}

describe('the analytics projection', () => {
  it('counts an event in the UTC quarter hour of its occurred_at, under its pass’s template', async () => {
    const documents = await project(
      recorded('p1', [issued('p1', '2026-11-21T23:59:59.999Z', 'live', 'coffee'), { type: 'PassStamped', data: { count: 3, stamps: 3, occurred_at: '2026-11-22T00:15:00.000Z' } }]),
    );
    expect(quartersOf(documents, 'day:b/live/2026-11-21')).toEqual({ coffee: { '95': { passes_issued: 1 } } });
    expect(quartersOf(documents, 'day:b/live/2026-11-22')).toEqual({ coffee: { '1': { stamps: 3 } } });
  });

  it('keeps a day’s counts as running totals: each quarter hour’s total holds every earlier quarter’s of the day', async () => {
    const documents = await project(
      recorded('p1', [issued('p1', '2026-11-21T10:00:00.000Z'), { type: 'PassStamped', data: { count: 2, stamps: 2, occurred_at: '2026-11-21T10:20:00.000Z' } }]),
      recorded('p2', [issued('p2', '2026-11-21T00:00:00.000Z')]),
    );
    const day = analyticsDocument.parse(documents.get('day:b/live/2026-11-21/t'));
    const running = day.kind === 'day' ? day.templates['t'] : undefined;
    expect(running?.passes_issued?.slice(0, 2)).toEqual([1, 1]);
    expect(running?.passes_issued?.slice(39, 42)).toEqual([1, 2, 2]);
    expect(running?.passes_issued?.at(-1)).toBe(2);
    expect(running?.stamps?.slice(40, 42)).toEqual([0, 2]);
    expect(running?.stamps).toHaveLength(96);
  });

  it('counts a device newly registered as an install, not the same device with a new push token, and an unregistration as an uninstall', async () => {
    const at = '2026-11-21T10:00:00.000Z';
    const documents = await project(
      recorded('p1', [
        issued('p1', at),
        installed('d1', 'ab'.repeat(16), at),
        installed('d1', 'cd'.repeat(16), at),
        installed('d2', 'ab'.repeat(16), at),
        { type: 'PassUninstalled', data: { device_library_identifier: 'd1', reason: 'unregistered', occurred_at: at } },
        { type: 'PassUninstalled', data: { device_library_identifier: 'd1', reason: 'unregistered', occurred_at: at } },
      ]),
    );
    expect(quartersOf(documents, 'day:b/live/2026-11-21')).toEqual({ t: { '40': { passes_issued: 1, wallet_installs: 2, wallet_uninstalls: 1 } } });
    expect(documents.get('totals:b/live')).toMatchObject({ templates: { t: { active: 1, installed: 1 } } });
  });

  it('keeps the passes active now: voided and redeemed ones are not, a reactivated one is again', async () => {
    const at = '2026-11-21T10:00:00.000Z';
    const documents = await project(
      recorded('p1', [issued('p1', at), { type: 'PassVoided', data: { occurred_at: at } }, { type: 'PassReactivated', data: { occurred_at: at } }]),
      recorded('p2', [issued('p2', at), { type: 'PassRedeemed', data: { occurred_at: at } }]),
      recorded('p3', [issued('p3', at), { type: 'PassVoided', data: { occurred_at: at } }]),
    );
    expect(documents.get('totals:b/live')).toMatchObject({ templates: { t: { active: 1, installed: 0 } } });
    expect(quartersOf(documents, 'day:b/live/2026-11-21')).toEqual({ t: { '40': { passes_issued: 3, passes_voided: 2 } } });
  });

  it('counts points spent by adjustments and by rewards redeemed for points, and points awarded apart', async () => {
    const at = '2026-11-21T10:00:00.000Z';
    const documents = await project(
      recorded('p1', [
        issued('p1', at),
        { type: 'PointsAdjusted', data: { delta: 30, points: 30, occurred_at: at } },
        { type: 'PointsAdjusted', data: { delta: -5, points: 25, occurred_at: at } },
        { type: 'RewardRedeemed', data: { reward_id: 'r', metric: 'points', deducted: 20, value: 5, occurred_at: at } },
      ]),
    );
    expect(quartersOf(documents, 'day:b/live/2026-11-21')).toEqual({ t: { '40': { passes_issued: 1, points_awarded: 30, points_spent: 25, rewards_redeemed: 1 } } });
  });

  it('counts each message a pass was sent on its day, whatever its delivery', async () => {
    const message = (delivery: MessageDelivery, at: string, campaign: string): PassEvent => ({
      type: 'MessageSent',
      data: { message: { header: 'Hi', body: 'Two for one today' }, source: { campaign_id: campaign }, notify: delivery !== 'quota_limited', delivery, occurred_at: at },
    });
    const documents = await project(
      recorded('p1', [
        issued('p1', '2026-11-21T10:00:00.000Z'),
        message('delivered', '2026-11-21T10:05:00.000Z', 'c1'),
        message('quota_limited', '2026-11-21T10:10:00.000Z', 'c2'),
        message('not_installed', '2026-11-22T08:00:00.000Z', 'c3'),
      ]),
      recorded('p2', [issued('p2', '2026-11-21T10:00:00.000Z'), message('not_installed', '2026-11-21T10:05:00.000Z', 'c1')]),
    );
    expect(quartersOf(documents, 'day:b/live/2026-11-21')).toEqual({ t: { '40': { passes_issued: 2, messages_sent: 3 } } });
    expect(quartersOf(documents, 'day:b/live/2026-11-22')).toEqual({ t: { '32': { messages_sent: 1 } } });
    expect(documents.get('totals:b/live')).toMatchObject({ templates: { t: { active: 2, installed: 0 } } });
  });

  it('keeps each template’s day in a document of its own, which an event of another template leaves as it is', async () => {
    const documents = await project(
      recorded('p1', [issued('p1', '2026-11-21T10:00:00.000Z', 'live', 'coffee')]),
      recorded('p2', [issued('p2', '2026-11-21T11:00:00.000Z', 'live', 'lunch')]),
      recorded('p1', [{ type: 'PassStamped', data: { count: 1, stamps: 1, occurred_at: '2026-11-21T12:00:00.000Z' } }], 1),
    );
    expect(quartersOf(documents, 'day:b/live/2026-11-21')).toEqual({ coffee: { '40': { passes_issued: 1 }, '48': { stamps: 1 } }, lunch: { '44': { passes_issued: 1 } } });
    const lunch = analyticsDocument.parse(documents.get('day:b/live/2026-11-21/lunch'));
    const coffee = analyticsDocument.parse(documents.get('day:b/live/2026-11-21/coffee'));
    if (lunch.kind !== 'day' || coffee.kind !== 'day') throw new Error('no day documents');
    expect(Object.keys(lunch.templates)).toEqual(['lunch']);
    expect(hasReached(lunch.position, coffee.position)).toBe(false);
    expect(analyticsProjection.keys(lunch)).toEqual({ month: ['b/live/2026-11'] });
  });

  it('reads a day of version 3, every template’s in one document, as it was while that generation serves', () => {
    const running = (total: number) => [...new Array<number>(40).fill(0), ...new Array<number>(56).fill(total)];
    const stored = { kind: 'day', businessId: 'b', mode: 'live', day: '2026-11-21', templates: { coffee: { stamps: running(2) }, lunch: { passes_issued: running(1) } }, position: positionOfInteger(3) };
    expect(analyticsDocument.parse(stored)).toEqual(stored);
  });

  it('keeps sandbox passes apart from live ones', async () => {
    const at = '2026-11-21T10:00:00.000Z';
    const documents = await project(recorded('p1', [issued('p1', at, 'test')]));
    expect(documents.get('day:b/test/2026-11-21/t')).toMatchObject({ mode: 'test' });
    expect(documents.has('day:b/live/2026-11-21/t')).toBe(false);
  });

  it('counts nothing twice when a batch is projected again', async () => {
    const at = '2026-11-21T10:00:00.000Z';
    const batch = recorded('p1', [issued('p1', at), { type: 'PassScanned', data: { mode: 'verify', valid: true, reason: null, checked_in: false, occurred_at: at } }]);
    const documents = await project(batch, batch);
    expect(quartersOf(documents, 'day:b/live/2026-11-21')).toEqual({ t: { '40': { passes_issued: 1, scans: 1 } } });
  });
});
