/**
 * Analytics (PROGRAMME §4): a business's counts, day by day in the zone asked for, from the analytics
 * read model's UTC days: one document a day of the range, whatever the number of passes, each split into
 * the spans of its quarter hours that fall in one local day (at most a few), each span one subtraction a
 * counter of its running totals.
 */
import { DomainError, invalidField, MAX_ANALYTICS_DAYS } from '@passes/domain';
import { addCounts, addSpan, analyticsIds, DAY_MS, utcDayOf, zeroCounts, type Counts, type ReadModels } from '@passes/read-model';
import type { PassScope } from '../passes/pass-scope';
import type { AnalyticsDayCounts, AnalyticsReport, AnalyticsRequest } from './analytics-report';
import { spansOf, zoneDays, zoneFormat } from './zone-days';

export class Analytics {
  constructor(private readonly readModels: Pick<ReadModels, 'analytics' | 'templates'>) {}

  async report(scope: PassScope, request: AnalyticsRequest): Promise<AnalyticsReport> {
    const format = checkedRequest(request);
    if (request.templateId !== null) await this.requireTemplate(scope, request.templateId);
    const zone = zoneDays(format, request.from, request.to);
    const days: AnalyticsDayCounts[] = zone.dates.map((date) => ({ date, ...zeroCounts() }));
    const start = zone.starts[0] ?? 0;
    const end = zone.starts.at(-1) ?? 0;
    for (const doc of await this.daysBetween(scope, utcDayOf(start), utcDayOf(end - 1))) {
      const spans = spansOf(zone, Date.parse(`${doc.day}T00:00:00Z`));
      for (const [templateId, running] of Object.entries(doc.templates)) {
        if (request.templateId !== null && templateId !== request.templateId) continue;
        for (const { index, from, to } of spans) {
          const day = days[index];
          if (day) addSpan(day, running, from, to);
        }
      }
    }
    const sums = zeroCounts();
    for (const day of days) addCounts(sums, countsOf(day));
    return { from: request.from, to: request.to, tz: request.zone, totals: { ...sums, ...(await this.passesNow(scope, request.templateId)) }, days };
  }

  private async requireTemplate({ businessId }: PassScope, templateId: string): Promise<void> {
    const template = await this.readModels.templates.get(templateId);
    if (!template || template.businessId !== businessId) throw new DomainError('not_found', `Template '${templateId}' not found`);
  }

  /** The stored UTC days of the scope from `first` to `last` (YYYY-MM-DD), looked up a month at a time. */
  private async daysBetween({ businessId, mode }: PassScope, first: string, last: string) {
    const months: string[] = [];
    for (let month = first.slice(0, 7); month <= last.slice(0, 7); month = nextMonth(month)) months.push(month);
    const found = await Promise.all(months.map((month) => this.readModels.analytics.find('month', analyticsIds.month(businessId, mode, month))));
    return found.flat().flatMap((doc) => (doc.kind === 'day' && doc.day >= first && doc.day <= last ? [doc] : []));
  }

  private async passesNow({ businessId, mode }: PassScope, templateId: string | null): Promise<{ active_passes: number; installed_passes: number }> {
    const doc = await this.readModels.analytics.get(analyticsIds.totals(businessId, mode));
    const tallies = doc?.kind === 'totals' ? Object.entries(doc.templates) : [];
    const counted = tallies.filter(([template]) => templateId === null || template === templateId);
    return {
      active_passes: counted.reduce((sum, [, tally]) => sum + tally.active, 0),
      installed_passes: counted.reduce((sum, [, tally]) => sum + tally.installed, 0),
    };
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The zone's formatter, once the request names real days, in order, at most a year apart, in a known zone. */
export function checkedRequest({ from, to, zone }: AnalyticsRequest): Intl.DateTimeFormat {
  for (const [path, date] of [['from', from], ['to', to]] as const) {
    if (!DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || utcDayOf(Date.parse(`${date}T00:00:00Z`)) !== date) {
      throw invalidField(path, 'must be a calendar date, YYYY-MM-DD');
    }
  }
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1) throw invalidField('to', 'must not be before from');
  if (days > MAX_ANALYTICS_DAYS) throw invalidField('to', `must be at most ${MAX_ANALYTICS_DAYS} days from from, both included`);
  const format = zoneFormat(zone);
  if (format === null) throw invalidField('tz', 'must be an IANA time zone, such as Europe/London');
  return format;
}

function nextMonth(month: string): string {
  const [year = 0, number = 0] = month.split('-').map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/** A day's counters without its date. */
function countsOf({ date: _date, ...counts }: AnalyticsDayCounts): Counts {
  return counts;
}
