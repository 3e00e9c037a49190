/** An export's life: asked for on Pro, started once (again after a restart records nothing), completed or failed, removed once kept no longer. */
import { describe, test } from '@jest/globals';
import { deciderSpec } from '../testing/decider-spec';
import type { AnalyticsExportCommand, AnalyticsExportEvent } from './analytics-export';
import { analyticsExportDecider } from './analytics-export-decider';

const spec = deciderSpec(analyticsExportDecider);
const NOW = new Date('2026-11-21T10:00:00.000Z');
const at = NOW.toISOString();
const scope = { kind: 'passes', from: null, to: null, tz: 'UTC', templateId: null } as const;
const request = (plan: 'free' | 'pro'): AnalyticsExportCommand => ({ type: 'RequestExport', exportId: 'export-1', businessId: 'business-1', mode: 'live', scope, plan, now: NOW });

const requested: AnalyticsExportEvent = {
  type: 'AnalyticsExportRequested',
  data: { export_id: 'export-1', business_id: 'business-1', mode: 'live', kind: 'passes', from: null, to: null, tz: 'UTC', template_id: null, occurred_at: at },
};
const started: AnalyticsExportEvent = { type: 'AnalyticsExportStarted', data: { occurred_at: at } };
const completed: AnalyticsExportEvent = { type: 'AnalyticsExportCompleted', data: { rows: 3, bytes: 120, expires_at: '2026-11-28T10:00:00.000Z', occurred_at: at } };
const complete: AnalyticsExportCommand = { type: 'CompleteExport', rows: 3, bytes: 120, expiresAt: new Date('2026-11-28T10:00:00.000Z'), now: NOW };
const remove: AnalyticsExportCommand = { type: 'RemoveExport', now: NOW };

describe('an analytics export', () => {
  test('given nothing, when a Pro business asks, then it is requested', () => spec.given([]).when(request('pro')).then([requested]));
  test('given nothing, when a Free business asks, then it is refused with the 402 of analytics_export', () => {
    spec.given([]).when(request('free')).thenThrows('pro_feature');
  });
  test('given a request, when started, then it runs', () => spec.given([requested]).when({ type: 'StartExport', now: NOW }).then([started]));
  test('given it runs, when started again (work resumed after a restart), then nothing is recorded', () => {
    spec.given([requested, started]).when({ type: 'StartExport', now: NOW }).then([]);
  });
  test('given it runs, when completed, then it is ready with its rows, bytes and expiry', () => spec.given([requested, started]).when(complete).then([completed]));
  test('given it is ready, when completed again, then it is refused', () => {
    spec.given([requested, started, completed]).when(complete).thenThrows('invalid_state');
  });
  test('given it runs, when failed, then it failed', () => {
    spec.given([requested, started]).when({ type: 'FailExport', reason: 'disk full', now: NOW }).then([{ type: 'AnalyticsExportFailed', data: { reason: 'disk full', occurred_at: at } }]);
  });
  test('given it is ready, when removed, then it is removed; a second removal records nothing', () => {
    const removed: AnalyticsExportEvent = { type: 'AnalyticsExportRemoved', data: { occurred_at: at } };
    spec.given([requested, started, completed]).when(remove).then([removed]);
    spec.given([requested, started, completed, removed]).when(remove).then([]);
  });
  test('given it still runs, when the sweep would remove it, then nothing is recorded', () => spec.given([requested, started]).when(remove).then([]));
});
