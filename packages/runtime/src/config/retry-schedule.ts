/** `PASSES_WEBHOOK_RETRY_SCHEDULE`: comma-separated delays such as `30s,1m,5m,2h,1d`. */
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DELAY = /^(\d+)(ms|s|m|h|d)$/;
const MAX_RETRIES = 20;
const MAX_DELAY_MS = 7 * UNIT_MS.d;

/** The delays in milliseconds, or a message saying what is wrong with the text. */
export function parseRetrySchedule(text: string): number[] | string {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length > MAX_RETRIES) return `at most ${MAX_RETRIES} delays`;
  const delays: number[] = [];
  for (const part of parts) {
    const match = DELAY.exec(part);
    if (!match) return `"${part}" is not a delay such as 30s, 5m, 2h or 1d`;
    const delay = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
    if (delay <= 0 || delay > MAX_DELAY_MS) return `"${part}" must be more than 0 and at most 7d`;
    delays.push(delay);
  }
  return delays;
}
