/** The ids and lookup keys of the analytics collection's documents, one scheme for the projection and its readers. */
import type { Mode } from '@passes/domain';

export const analyticsIds = {
  pass: (passId: string) => `pass:${passId}`,
  /** A template's UTC day; `day` is YYYY-MM-DD. */
  day: (businessId: string, mode: Mode, templateId: string, day: string) => `day:${businessId}/${mode}/${day}/${templateId}`,
  totals: (businessId: string, mode: Mode) => `totals:${businessId}/${mode}`,
  /** The `month` index's key of a business's days of one UTC month (YYYY-MM), every template's. */
  month: (businessId: string, mode: Mode, month: string) => `${businessId}/${mode}/${month}`,
};
