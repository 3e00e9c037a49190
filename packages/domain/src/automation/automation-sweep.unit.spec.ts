import { describe, expect, test } from '@jest/globals';
import { passDecider } from '../pass/pass-decider';
import type { PassEvent } from '../pass/pass-events';
import type { Pass } from '../pass/pass-state';
import { replay } from '../shared/decider';
import { ISSUED_AT, passIssued } from '../testing/pass-fixtures';
import { automationWith } from '../testing/automation-fixtures';
import type { AutomationTrigger } from './automation-terms';
import { birthdayOf, birthdaysOn, dayOf, quietDaysFor, timedOccurrence } from './automation-sweep';

const rule = (trigger: AutomationTrigger) => automationWith(trigger);
const passOf = (...events: PassEvent[]) => replay(passDecider, events) as Pass;

describe('birthday', () => {
  test('is read from metadata.birthday as YYYY-MM-DD or --MM-DD; anything else is none', () => {
    expect(birthdayOf({ birthday: '1990-03-14' })).toBe('03-14');
    expect(birthdayOf({ birthday: '--03-14' })).toBe('03-14');
    expect(birthdayOf({ birthday: '--02-29' })).toBe('02-29');
    for (const birthday of ['1990-02-30', '14/03/1990', '--13-01', 19900314]) expect(birthdayOf({ birthday })).toBeNull();
    expect(birthdayOf({})).toBeNull();
  });

  test('fires on its day in UTC, once a year: the year is the occurrence', () => {
    const pass = passOf(passIssued({ metadata: { birthday: '1990-03-14' } }));
    expect(timedOccurrence(rule({ type: 'birthday' }), pass, new Date('2027-03-14T00:05:00.000Z'))).toBe('birthday:2027');
    expect(timedOccurrence(rule({ type: 'birthday' }), pass, new Date('2027-03-14T23:59:00.000Z'))).toBe('birthday:2027');
    expect(timedOccurrence(rule({ type: 'birthday' }), pass, new Date('2027-03-15T00:00:00.000Z'))).toBeNull();
  });

  test('the 29th of February is celebrated on the 28th in other years', () => {
    expect(birthdaysOn(new Date('2027-02-28T12:00:00.000Z'))).toEqual(['02-28', '02-29']);
    expect(birthdaysOn(new Date('2028-02-28T12:00:00.000Z'))).toEqual(['02-28']);
    expect(birthdaysOn(new Date('2028-02-29T12:00:00.000Z'))).toEqual(['02-29']);
  });
});

describe('the day of an instant', () => {
  test('is its UTC day, whether given as a time, as an instant in UTC or with an offset', () => {
    expect(dayOf(new Date('2026-03-14T23:30:00.000Z'))).toBe('2026-03-14');
    expect(dayOf('2026-03-14T23:30:00.000Z')).toBe('2026-03-14');
    expect(dayOf('2026-03-14T23:30:00.000-02:00')).toBe('2026-03-15');
    expect(dayOf('2026-03-15T00:30:00+01:00')).toBe('2026-03-14');
  });
});

describe('inactive', () => {
  const quiet = rule({ type: 'inactive', days: 30 });

  test('fires once the pass has had no activity for its days, the spell named by the last activity', () => {
    const pass = passOf(passIssued());
    expect(timedOccurrence(quiet, pass, new Date('2026-12-21T08:59:59.000Z'))).toBeNull();
    expect(timedOccurrence(quiet, pass, new Date('2026-12-21T09:00:00.000Z'))).toBe(`quiet:${ISSUED_AT}`);
  });

  test('activity starts a new spell, a new occurrence', () => {
    const STAMPED_AT = '2026-12-01T09:00:00.000Z';
    const pass = passOf(passIssued(), { type: 'PassStamped', data: { count: 1, stamps: 1, occurred_at: STAMPED_AT } });
    expect(timedOccurrence(quiet, pass, new Date('2026-12-21T09:00:00.000Z'))).toBeNull();
    expect(timedOccurrence(quiet, pass, new Date('2026-12-31T09:00:00.000Z'))).toBe(`quiet:${STAMPED_AT}`);
  });

  test('the sweep looks up the days whose spells end today, and the days before it missed', () => {
    expect(quietDaysFor(30, new Date('2026-12-21T10:00:00.000Z'), 2)).toEqual(['2026-11-21', '2026-11-20', '2026-11-19']);
  });
});
