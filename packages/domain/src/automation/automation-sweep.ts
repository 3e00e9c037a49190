/**
 * The timed triggers (PROGRAMME §3), as pure rules for a sweep that looks passes up by day rather than
 * loading them: `inactive` fires once per quiet spell, the spell named by the last activity it started
 * after; `birthday` fires once a year, on the day of the pass's `metadata.birthday` in UTC (the 29th of
 * February on the 28th in other years).
 */
import type { Metadata } from '../pass/metadata';
import type { Pass } from '../pass/pass-state';
import type { Automation } from './automation';

const DAY_MS = 86_400_000;
const BIRTHDAY = /^(?:\d{4}|-)-(\d{2})-(\d{2})$/;

/** The `MM-DD` of the pass's birthday, or null without a valid one. */
export function birthdayOf(metadata: Metadata): string | null {
  const value = metadata['birthday'];
  if (typeof value !== 'string') return null;
  const match = BIRTHDAY.exec(value);
  if (!match) return null;
  const [, month, day] = match;
  // Checked against a leap year, so the 29th of February is a birthday.
  const date = new Date(`2000-${month}-${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(5, 10) !== `${month}-${day}` ? null : `${month}-${day}`;
}

/** The birthdays (`MM-DD`) celebrated on the UTC day of `now`. */
export function birthdaysOn(now: Date): string[] {
  const today = dayOf(now).slice(5);
  const year = now.getUTCFullYear();
  const leap = new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1;
  return today === '02-28' && !leap ? [today, '02-29'] : [today];
}

/** An instant as `toISOString` writes it, in UTC: its first ten characters are its UTC day. */
const UTC_INSTANT = /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** The UTC day (`YYYY-MM-DD`) of an instant: the bucket the sweep looks quiet passes up by. */
export function dayOf(instant: Date | string): string {
  // The instants events and documents hold are written so: read, rather than parsed and written again on every write of a pass.
  if (typeof instant === 'string' && UTC_INSTANT.test(instant)) return instant.slice(0, 10);
  return new Date(instant).toISOString().slice(0, 10);
}

/**
 * The days whose last activity makes a quiet spell of `days` days end today or in the `lookback` days before
 * (a sweep that missed days catches them up; the occurrence keeps each spell to one run).
 */
export function quietDaysFor(days: number, now: Date, lookback: number): string[] {
  return Array.from({ length: lookback + 1 }, (_, back) => dayOf(new Date(now.getTime() - (days + back) * DAY_MS)));
}

/**
 * The occurrence of a timed automation due on the pass at `now`, or null when none is: the pass has been
 * quiet for long enough since its last activity, or it is its birthday.
 */
export function timedOccurrence(automation: Automation, pass: Pass, now: Date): string | null {
  const { trigger } = automation;
  switch (trigger.type) {
    case 'inactive':
      return now.getTime() - new Date(pass.lastActivityAt).getTime() >= trigger.days * DAY_MS ? `quiet:${pass.lastActivityAt}` : null;
    case 'birthday': {
      const birthday = birthdayOf(pass.metadata);
      return birthday !== null && birthdaysOn(now).includes(birthday) ? `birthday:${now.getUTCFullYear()}` : null;
    }
    default:
      return null;
  }
}
