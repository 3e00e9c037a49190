/**
 * `passes history <business_id> <pass> [--as-of <instant>]`: every event of a pass as the events
 * endpoint shows them, or the pass as it was at an instant. Live passes are looked for first, then
 * sandbox ones.
 */
import { PassHistory, PassQueries, type PassScope } from '@passes/application';
import { DomainError, MODES } from '@passes/domain';
import { type CliContext, UsageError } from './cli-context';

const PAGE = 1000;

export async function history({ events, readModels, output }: CliContext, businessId: string, identifier: string, asOfText: string | undefined): Promise<void> {
  const asOf = asOfText === undefined ? null : instant(asOfText);
  const auditor = new PassHistory(events, new PassQueries(readModels));
  const scope = await scopeHolding(new PassQueries(readModels), businessId, identifier);
  if (asOf !== null) {
    output.out(JSON.stringify(await auditor.asOf(scope, identifier, asOf), null, 2));
    return;
  }
  const entries = [];
  for (let afterRevision: number | null = null; ; ) {
    const page = await auditor.page(scope, identifier, { afterRevision, limit: PAGE });
    entries.push(...page.entries);
    const last = page.entries.at(-1);
    if (!page.hasMore || last === undefined) break;
    afterRevision = last.revision;
  }
  output.out(JSON.stringify({ data: entries }, null, 2));
}

async function scopeHolding(queries: PassQueries, businessId: string, identifier: string): Promise<PassScope> {
  for (const mode of MODES) {
    try {
      await queries.get({ businessId, mode }, identifier);
      return { businessId, mode };
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'not_found')) throw error;
    }
  }
  throw new DomainError('not_found', `Pass '${identifier}' not found`);
}

function instant(text: string): Date {
  const parsed = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(parsed.getTime())) throw new UsageError(`--as-of must be an ISO 8601 instant such as 2026-11-23T10:00:00Z, not '${text}'`);
  return parsed;
}
