/**
 * Query parameters as the OpenAPI document states them. The API reads them from text with its own precise
 * rules (services/api/src/http/query-parameters.ts: missing or malformed → 400); the bounds here are the
 * same constants it checks against.
 */
import { MAX_ANALYTICS_DAYS, MAX_MINOR_UNITS, MAX_POINTS_DELTA, MAX_STAMPS_PER_ADD } from '@passes/domain';
import { z } from 'zod';

/** A page of a pass's history: 100 events when `limit` is absent, at most 1000. */
export const HISTORY_PAGE = { default: 100, max: 1000 } as const;

export const stampQuery = z.object({
  count: z.int().min(1).max(MAX_STAMPS_PER_ADD).optional().describe('Stamps to add; 1 when absent'),
});

export const pointsQuery = z.object({
  points: z.int().min(-MAX_POINTS_DELTA).max(MAX_POINTS_DELTA).describe('A non-zero integer; negative spends. The result may not go below 0 (400 insufficient_points)'),
});

export const amountQuery = z.object({
  amount: z
    .number()
    .gt(0)
    .max(MAX_MINOR_UNITS / 100)
    .multipleOf(0.01)
    .describe('Greater than 0, with at most 2 decimals'),
});

/**
 * An RFC 3339 instant: any offset (`Z`, `+01:00`, `-05:30`), any fraction of a second (read to the
 * millisecond, the precision of the times events carry, by truncation). The route parses `as_of` with it.
 */
export const rfc3339Instant = z.iso.datetime({ offset: true });

export const asOfQuery = z.object({
  as_of: rfc3339Instant.optional().describe('An RFC 3339 instant (any offset, any fraction of a second), not in the future: the pass as it was then'),
});

export const historyQuery = z.object({
  after_revision: z.int().min(0).optional().describe('Only events after this revision'),
  limit: z.int().min(1).max(HISTORY_PAGE.max).optional().describe(`Events per page; ${HISTORY_PAGE.default} when absent`),
});

export const customerTokenQuery = z.object({
  token: z.string().describe('The token of the emailed link'),
});

/** A page of a list that can grow (PROGRAMME): 50 items when `limit` is absent, at most 200. */
export const LIST_PAGE = { default: 50, max: 200 } as const;

export const pageQuery = z.object({
  limit: z.int().min(1).max(LIST_PAGE.max).optional().describe(`Items per page; ${LIST_PAGE.default} when absent`),
  cursor: z.string().optional().describe("The previous page's `next_cursor`: the page after it"),
});

export const passListQuery = pageQuery.extend({
  q: z.string().optional().describe('Words that begin a word of the customer name, email, external id or serial number (case-insensitive)'),
  status: z.enum(['active', 'checked_in', 'redeemed', 'voided']).optional().describe('Only passes of this status'),
  template_id: z.string().optional().describe("Only this template's passes"),
});

export const customerListQuery = pageQuery.extend({
  q: z.string().optional().describe('Words that begin a word of the customer name or email (case-insensitive)'),
});

export const milestoneListQuery = pageQuery.extend({
  template_id: z.string().optional().describe("Only this template's milestones"),
});

export const analyticsQuery = z.object({
  from: z.iso.date().describe('The first day, YYYY-MM-DD, a calendar day of `tz`'),
  to: z.iso.date().describe(`The last day, included; at most ${MAX_ANALYTICS_DAYS} days from \`from\`, both included`),
  tz: z.string().optional().describe('An IANA time zone (Europe/London, Asia/Kathmandu); UTC when absent'),
  template_id: z.string().optional().describe("Only this template's passes"),
});

export const paymentListQuery = pageQuery.extend({
  pass_id: z.string().optional().describe("Only this pass's payments"),
});
