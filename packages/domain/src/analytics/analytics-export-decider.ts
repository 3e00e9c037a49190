/**
 * What export commands record, or why they are refused; how the records make an export. Exports are
 * Pro's (402 `analytics_export`). Starting again what runs already (work resumed after a restart),
 * removing what is removed, record nothing.
 */
import { requireFeature } from '../plan/plan';
import { assertNever, type Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { AnalyticsExportCommand, AnalyticsExportEvent, AnalyticsExportState } from './analytics-export';

function decideExport(command: AnalyticsExportCommand, state: AnalyticsExportState): AnalyticsExportEvent[] {
  const occurred_at = command.now.toISOString();
  if (command.type === 'RequestExport') {
    if (state !== null) throw new DomainError('conflict', `Export ${state.id} already exists.`, { export_id: state.id });
    requireFeature(command.plan, 'analytics_export');
    const { exportId, businessId, mode, scope } = command;
    const data = { export_id: exportId, business_id: businessId, mode, kind: scope.kind, from: scope.from, to: scope.to, tz: scope.tz, template_id: scope.templateId, occurred_at };
    return [{ type: 'AnalyticsExportRequested', data }];
  }
  if (state === null) throw new DomainError('not_found', 'Export not found.');
  const unfinished = state.status === 'queued' || state.status === 'running';
  switch (command.type) {
    case 'StartExport':
      return state.status === 'queued' ? [{ type: 'AnalyticsExportStarted', data: { occurred_at } }] : [];
    case 'CompleteExport':
      if (!unfinished) throw new DomainError('invalid_state', `Export ${state.id} is ${state.status}.`, { status: state.status });
      return [{ type: 'AnalyticsExportCompleted', data: { rows: command.rows, bytes: command.bytes, expires_at: command.expiresAt.toISOString(), occurred_at } }];
    case 'FailExport':
      return unfinished ? [{ type: 'AnalyticsExportFailed', data: { reason: command.reason, occurred_at } }] : [];
    case 'RemoveExport':
      return state.status === 'ready' || state.status === 'failed' ? [{ type: 'AnalyticsExportRemoved', data: { occurred_at } }] : [];
    default:
      return assertNever(command);
  }
}

function evolveExport(state: AnalyticsExportState, event: AnalyticsExportEvent): AnalyticsExportState {
  if (event.type === 'AnalyticsExportRequested') {
    const { data } = event;
    return {
      id: data.export_id,
      businessId: data.business_id,
      mode: data.mode,
      kind: data.kind,
      from: data.from,
      to: data.to,
      tz: data.tz,
      templateId: data.template_id,
      status: 'queued',
      rows: null,
      bytes: null,
      createdAt: data.occurred_at,
      updatedAt: data.occurred_at,
      expiresAt: null,
    };
  }
  if (state === null) return null;
  const updatedAt = event.data.occurred_at;
  switch (event.type) {
    case 'AnalyticsExportStarted':
      return { ...state, status: 'running', updatedAt };
    case 'AnalyticsExportCompleted':
      return { ...state, status: 'ready', rows: event.data.rows, bytes: event.data.bytes, expiresAt: event.data.expires_at, updatedAt };
    case 'AnalyticsExportFailed':
      return { ...state, status: 'failed', updatedAt };
    case 'AnalyticsExportRemoved':
      return { ...state, status: 'removed', updatedAt };
    default:
      return assertNever(event);
  }
}

export const analyticsExportDecider: Decider<AnalyticsExportCommand, AnalyticsExportEvent, AnalyticsExportState> = {
  decide: decideExport,
  evolve: evolveExport,
  initialState: () => null,
};
