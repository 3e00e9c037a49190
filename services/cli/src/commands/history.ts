/**
 * `passes history <business_id> <pass> [--as-of <instant>]`: every event of a pass as the events
 * endpoint shows them, or the pass as it was at an instant as `GET …/passes/{pass}?as_of=` answers it,
 * refusing the instants that endpoint refuses. Live passes are looked for first, then sandbox ones.
 */
import type { PassQueries, PassScope } from '@passes/application';
import { passRepresentation, rfc3339Instant } from '@passes/contracts';
import { DomainError, MODES } from '@passes/domain';
import { type CliContext, UsageError } from './cli-context';

const PAGE = 1000;

export async function history({ application, passLinks, clock, output }: CliContext, businessId: string, identifier: string, asOfText: string | undefined): Promise<void> {
  const asOf = asOfText === undefined ? null : instant(asOfText, clock.now());
  const auditor = application.passHistory;
  const scope = await scopeHolding(application.passes, businessId, identifier);
  if (asOf !== null) {
    const pass = await auditor.asOf(scope, identifier, asOf);
    const [codes, rewards] = await Promise.all([application.passBarcodes.codesOf(pass), application.passRewards.viewOf(pass, asOf)]);
    output.out(JSON.stringify(passRepresentation(pass, codes, passLinks(pass), rewards), null, 2));
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

/** The API's `as_of` rules (services/api's asOfInstant), in the option's name. */
function instant(text: string, now: Date): Date {
  if (!rfc3339Instant.safeParse(text).success) {
    throw new UsageError(`--as-of must be an RFC 3339 instant, such as 2026-11-23T10:00:00Z or 2026-11-23T11:00:00.250+01:00, not '${text}'`);
  }
  const parsed = new Date(text);
  if (parsed.getTime() > now.getTime()) throw new UsageError('--as-of must not be in the future');
  return parsed;
}
