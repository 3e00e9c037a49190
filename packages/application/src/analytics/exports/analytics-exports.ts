/**
 * Analytics exports (PROGRAMME §4, Pro): asked for through the API, made by background work into a CSV
 * file, downloaded while kept (7 days), then removed by a sweep. The export's stream records each step,
 * so its status reads the same from every process and a restart resumes the work where the engine left it.
 */
import type { Readable } from 'node:stream';
import { newWork, type WorkResult, type WorkStore } from '@passes/background-work';
import {
  analyticsExportAggregate,
  DomainError,
  invalidField,
  requireFeature,
  streamNames,
  type AnalyticsExport,
  type AnalyticsExportCommand,
  type ExportKind,
} from '@passes/domain';
import { DAY_MS, type ReadModels } from '@passes/read-model';
import type { PassScope } from '../../passes/pass-scope';
import type { Plans } from '../../plans/plans';
import type { Clock } from '../../shared/clock';
import type { CommandContext } from '../../shared/command-context';
import type { CommandHandler } from '../../shared/command-handler';
import type { IdGenerator } from '../../shared/id-generator';
import { awaitReadModels, type ReadYourWrites } from '../../shared/read-your-writes';
import { checkedRequest } from '../analytics';
import { zoneFormat } from '../zone-days';
import { ANALYTICS_EXPORT } from './analytics-export-work';
import { csvOf } from './csv-file';
import { DAILY_COLUMNS, EVENT_COLUMNS, PASS_COLUMNS } from './export-columns';
import type { ExportFiles } from './export-files';
import { rowsOf, type ExportSources } from './export-rows';

/** How long a ready export is kept (PROGRAMME §4). */
export const EXPORT_KEPT_MS = 7 * 86_400_000;

/** Days of a daily export that names none: the last 30, today included. */
const DEFAULT_DAILY_DAYS = 30;

export interface ExportRequest {
  kind: ExportKind;
  from: string | null;
  to: string | null;
  tz: string;
  templateId: string | null;
}

export interface ExportPorts {
  work: WorkStore;
  files: ExportFiles;
  /** Tells the process's work runner that work is due now. */
  wake(): void;
}

const COLUMNS = { daily: DAILY_COLUMNS, passes: PASS_COLUMNS, events: EVENT_COLUMNS } as const;

export class AnalyticsExports {
  constructor(
    private readonly commands: CommandHandler,
    private readonly readModels: Pick<ReadModels, 'analyticsExports' | 'templates'>,
    private readonly plans: Plans,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly readYourWrites: ReadYourWrites,
    private readonly ports: ExportPorts,
    private readonly sources: ExportSources,
    /** `{app_url}`: where the API serves the files. */
    private readonly appUrl: () => string,
  ) {}

  /** Where a ready export is downloaded, with the credentials that asked for it; null before. */
  downloadUrlOf(exported: AnalyticsExport): string | null {
    return exported.status === 'ready' ? `${this.appUrl()}/api/v1/businesses/${exported.businessId}/analytics/exports/${exported.id}/download` : null;
  }

  /** Queues an export: its request recorded and projected, then its work (the sweep records it again were that lost). */
  async request(scope: PassScope, request: ExportRequest, context: CommandContext): Promise<AnalyticsExport> {
    const now = this.clock.now();
    const plan = await this.plans.planOf(scope.businessId);
    requireFeature(plan, 'analytics_export');
    const checked = { ...request, ...this.daysOf(request, now) };
    if (checked.templateId !== null) {
      const template = await this.readModels.templates.get(checked.templateId);
      if (!template || template.businessId !== scope.businessId) throw new DomainError('not_found', `Template '${checked.templateId}' not found`);
    }
    const exportId = this.ids.newId();
    const exported = await this.run(scope.businessId, exportId, context, true, { type: 'RequestExport', exportId, businessId: scope.businessId, mode: scope.mode, scope: checked, plan, now });
    await this.queue(exportId, now);
    this.ports.wake();
    return exported;
  }

  /** Records the export's work; recording it again changes nothing (its id is the export's). */
  private queue(exportId: string, now: Date): Promise<void> {
    return this.ports.work.record([newWork(ANALYTICS_EXPORT, { id: `${ANALYTICS_EXPORT.name}:${exportId}`, payload: { exportId }, dueAt: now, createdAt: now })]);
  }

  /** The export, unless removed; 404 for another business's or mode's. */
  async get(scope: PassScope, exportId: string): Promise<AnalyticsExport> {
    const exported = await this.readModels.analyticsExports.get(exportId);
    if (!exported || exported.businessId !== scope.businessId || exported.mode !== scope.mode || exported.status === 'removed') {
      throw new DomainError('not_found', `Export '${exportId}' not found`);
    }
    return exported;
  }

  /** A ready export's file; 409 before it is ready. */
  async download(scope: PassScope, exportId: string): Promise<{ exported: AnalyticsExport; content: Readable }> {
    const exported = await this.get(scope, exportId);
    if (exported.status !== 'ready') throw new DomainError('invalid_state', `Export '${exportId}' is ${exported.status}.`, { status: exported.status });
    const content = await this.ports.files.open(exportId);
    if (content === null) throw new DomainError('not_found', `Export '${exportId}' not found`);
    return { exported, content };
  }

  /** Makes the export's file: the work of one `analytics.export` item. */
  async make(exportId: string, attempt: { lastAttempt: boolean; signal: AbortSignal }): Promise<WorkResult> {
    const exported = await this.readModels.analyticsExports.get(exportId);
    // Recorded once its request was read back: absent only from a read model being rebuilt.
    if (exported === null) return attempt.lastAttempt ? { outcome: 'cancelled' } : { outcome: 'retry', error: 'the export is not in the read model' };
    if (exported.status !== 'queued' && exported.status !== 'running') return { outcome: 'done' };
    const context = { actor: `analytics_export:${exportId}`, correlationId: exportId };
    await this.run(exported.businessId, exportId, context, false, { type: 'StartExport', now: this.clock.now() });
    let rows = 0;
    let bytes: number;
    try {
      const counted = async function* (source: AsyncIterable<readonly (string | number | boolean | null)[]>) {
        for await (const row of source) {
          rows += 1;
          yield row;
        }
      };
      bytes = await this.ports.files.write(exportId, csvOf(COLUMNS[exported.kind], counted(rowsOf(exported, this.sources, this.clock.now()))), attempt.signal);
    } catch (error) {
      if (attempt.signal.aborted) return { outcome: 'abandoned' };
      const message = error instanceof Error ? error.message : String(error);
      if (!attempt.lastAttempt) return { outcome: 'retry', error: message };
      await this.run(exported.businessId, exportId, context, false, { type: 'FailExport', reason: message, now: this.clock.now() });
      return { outcome: 'dead', error: message };
    }
    const now = this.clock.now();
    await this.run(exported.businessId, exportId, context, false, { type: 'CompleteExport', rows, bytes, expiresAt: new Date(now.getTime() + EXPORT_KEPT_MS), now });
    return { outcome: 'done' };
  }

  /**
   * Removes the files of ready exports past their time, and failed ones as old; queues again the work of
   * queued exports, in case a process stopped between an export's request and its work.
   */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    for (const queued of await this.readModels.analyticsExports.find('status', 'queued')) await this.queue(queued.id, now);
    const kept = [...(await this.readModels.analyticsExports.find('status', 'ready')), ...(await this.readModels.analyticsExports.find('status', 'failed'))];
    for (const exported of kept) {
      const until = exported.expiresAt ?? new Date(Date.parse(exported.updatedAt) + EXPORT_KEPT_MS).toISOString();
      if (Date.parse(until) > now.getTime()) continue;
      await this.ports.files.remove(exported.id);
      await this.run(exported.businessId, exported.id, { actor: 'analytics_export_sweep', correlationId: exported.id }, false, { type: 'RemoveExport', now });
    }
  }

  /** The days asked for, checked; a daily export without them covers the last 30 days of its zone. */
  private daysOf({ kind, from, to, tz }: ExportRequest, now: Date): { from: string | null; to: string | null } {
    if (from === null && to === null) {
      const format = zoneFormat(tz);
      if (format === null) throw invalidField('tz', 'must be an IANA time zone, such as Europe/London');
      if (kind !== 'daily') return { from: null, to: null };
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
      const first = new Date(Date.parse(`${today}T00:00:00Z`) - (DEFAULT_DAILY_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
      return { from: first, to: today };
    }
    if (from === null) throw invalidField('from', 'is required with to');
    if (to === null) throw invalidField('to', 'is required with from');
    checkedRequest({ from, to, zone: tz, templateId: null });
    return { from, to };
  }

  private async run(businessId: string, exportId: string, context: CommandContext, isNew: boolean, command: AnalyticsExportCommand): Promise<AnalyticsExport> {
    const stream = streamNames.analyticsExport(exportId);
    const result = await this.commands.handle(analyticsExportAggregate, { stream, businessId, context, isNew }, () => command);
    if (result.position !== null) await awaitReadModels(this.readYourWrites, result.position, context);
    if (!result.state) throw new DomainError('not_found', `Export '${exportId}' not found`);
    return result.state;
  }
}
