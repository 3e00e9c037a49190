/** A zone's days as UTC instants: 24 hours most days, 23 or 25 on DST days, starting on the zone's midnight whatever its offset. */
import { describe, expect, it } from '@jest/globals';
import { dayIndexOf, spansOf, zoneDays, zoneFormat } from './zone-days';

const HOUR = 3_600_000;

function daysOf(zone: string, from: string, to: string) {
  const format = zoneFormat(zone);
  if (format === null) throw new Error(`no zone ${zone}`);
  return zoneDays(format, from, to);
}

const hoursOf = ({ starts }: { starts: number[] }) => starts.slice(1).map((start, index) => (start - (starts[index] ?? 0)) / HOUR);

describe('the days of a zone', () => {
  it('given Europe/London around the spring and autumn changes, when its days are made, then they last 23 and 25 hours', () => {
    expect(hoursOf(daysOf('Europe/London', '2026-03-28', '2026-03-30'))).toEqual([24, 23, 24]);
    expect(hoursOf(daysOf('Europe/London', '2026-10-24', '2026-10-26'))).toEqual([24, 25, 24]);
  });

  it('given Australia/Lord_Howe, whose clocks move by half an hour, then its change day lasts 24.5 hours', () => {
    expect(hoursOf(daysOf('Australia/Lord_Howe', '2026-04-04', '2026-04-06'))).toEqual([24, 24.5, 24]);
  });

  it('given Asia/Kathmandu (+05:45) and America/St_Johns (-03:30 in winter), then each day starts on its local midnight', () => {
    expect(new Date(daysOf('Asia/Kathmandu', '2026-01-10', '2026-01-10').starts[0] ?? 0).toISOString()).toBe('2026-01-09T18:15:00.000Z');
    expect(new Date(daysOf('America/St_Johns', '2026-01-10', '2026-01-10').starts[0] ?? 0).toISOString()).toBe('2026-01-10T03:30:00.000Z');
  });

  it('given America/Santiago, whose clocks skip midnight in September, then that day starts at the first instant it has', () => {
    const days = daysOf('America/Santiago', '2026-09-05', '2026-09-06');
    expect(hoursOf(days)).toEqual([24, 23]);
    expect(new Date(days.starts[1] ?? 0).toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('finds the day of an instant, and none outside them', () => {
    const days = daysOf('Europe/London', '2026-03-28', '2026-03-30');
    expect(dayIndexOf(days, Date.parse('2026-03-29T22:59:59.999Z'))).toBe(1);
    expect(dayIndexOf(days, Date.parse('2026-03-29T23:00:00.000Z'))).toBe(2);
    expect(dayIndexOf(days, Date.parse('2026-03-27T23:59:59.999Z'))).toBe(-1);
    expect(dayIndexOf(days, Date.parse('2026-03-30T23:00:00.000Z'))).toBe(-1);
  });

  it('splits a UTC day where a local day starts: Kathmandu at quarter 73 (18:15 UTC), none past the last day, none before the first', () => {
    const days = daysOf('Asia/Kathmandu', '2026-01-10', '2026-01-11');
    expect(spansOf(days, Date.parse('2026-01-10T00:00:00Z'))).toEqual([
      { index: 0, from: 0, to: 73 },
      { index: 1, from: 73, to: 96 },
    ]);
    expect(spansOf(days, Date.parse('2026-01-11T00:00:00Z'))).toEqual([{ index: 1, from: 0, to: 73 }]);
    expect(spansOf(days, Date.parse('2026-01-09T00:00:00Z'))).toEqual([{ index: 0, from: 73, to: 96 }]);
  });

  it('splits the UTC day of a DST change by the local days around it: London springs forward at 01:00 UTC, its next day starts at 23:00 UTC', () => {
    const days = daysOf('Europe/London', '2026-03-28', '2026-03-30');
    expect(spansOf(days, Date.parse('2026-03-29T00:00:00Z'))).toEqual([
      { index: 1, from: 0, to: 92 },
      { index: 2, from: 92, to: 96 },
    ]);
  });

  it('knows no zone the platform does not', () => {
    expect(zoneFormat('Mars/Olympus_Mons')).toBeNull();
  });
});
