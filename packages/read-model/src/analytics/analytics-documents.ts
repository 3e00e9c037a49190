/**
 * The analytics collection's documents. Pass events come to it without their template or mode, and an
 * install is a new wallet only if the device was not registered already, so the collection keeps a
 * little of each pass (its facts) beside the counts those decide: per business, mode and template, one
 * document a UTC day of counts, as running totals through each quarter hour (running-totals.ts), and per
 * business and mode one of the passes active and installed now.
 */
import { positionFrom } from '@passes/event-store';
import { z } from 'zod';
import { runningTotals } from './running-totals';

const mode = z.enum(['live', 'test']);
const position = z.string().transform(positionFrom);

/** What analytics needs to remember of a pass. */
const passFacts = z.object({
  kind: z.literal('pass'),
  businessId: z.string(),
  mode,
  templateId: z.string(),
  /** Usable: neither voided nor redeemed. */
  active: z.boolean(),
  /** The wallet devices registered for the pass's updates. */
  devices: z.array(z.string()),
});

/**
 * A UTC day of one business and mode: template → its counts' running totals through each quarter hour. One
 * template's alone, so that a pass event rewrites its own template's counts whatever the number of templates;
 * a document of version 3 held every template's, and reads the same while its generation still serves.
 */
const analyticsDay = z.object({
  kind: z.literal('day'),
  businessId: z.string(),
  mode,
  day: z.string(),
  templates: z.record(z.string(), runningTotals),
  /** The last event counted. */
  position,
});

const passTally = z.object({ active: z.number().int(), installed: z.number().int() });

/** The passes of one business and mode, active and installed now, by template. */
const analyticsTotals = z.object({
  kind: z.literal('totals'),
  businessId: z.string(),
  mode,
  templates: z.record(z.string(), passTally),
  /** The last event counted. */
  position,
});

export const analyticsDocument = z.discriminatedUnion('kind', [passFacts, analyticsDay, analyticsTotals]);

export type AnalyticsDocument = z.infer<typeof analyticsDocument>;
export type PassFacts = z.infer<typeof passFacts>;
export type AnalyticsDay = z.infer<typeof analyticsDay>;
export type AnalyticsTotals = z.infer<typeof analyticsTotals>;
export type PassTally = z.infer<typeof passTally>;
