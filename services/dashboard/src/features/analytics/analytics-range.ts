/** The days an analytics screen shows: presets ending today in the browser's zone, or two dates picked. */

export interface Preset {
  label: string;
  days: number;
}

export const PRESETS: readonly Preset[] = [
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
  { label: '12 months', days: 365 },
];

/** The browser's zone: the business owner's days. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Today in `zone`, YYYY-MM-DD. */
export function todayIn(zone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The `days` days ending on `last`, both included. */
export function rangeEnding(last: string, days: number): { from: string; to: string } {
  const first = new Date(Date.parse(`${last}T00:00:00Z`) - (days - 1) * 86_400_000);
  return { from: first.toISOString().slice(0, 10), to: last };
}
