import { describe, expect, it } from '@jest/globals';
import { settingsFromEnvironment } from './settings';

describe('the bench settings', () => {
  it('warm each load up for 2 s by default, for as long as asked, or not at all', () => {
    expect(settingsFromEnvironment({}).warmupSeconds).toBe(2);
    expect(settingsFromEnvironment({ BENCH_WARMUP_SECONDS: '5' }).warmupSeconds).toBe(5);
    expect(settingsFromEnvironment({ BENCH_WARMUP_SECONDS: '0' }).warmupSeconds).toBe(0);
  });

  it('refuse a value that is not a whole number in range before anything starts', () => {
    expect(() => settingsFromEnvironment({ BENCH_WARMUP_SECONDS: '-1' })).toThrow(/BENCH_WARMUP_SECONDS must be an integer of at least 0, got '-1'/);
    expect(() => settingsFromEnvironment({ BENCH_DURATION_SECONDS: '0' })).toThrow(/BENCH_DURATION_SECONDS must be an integer of at least 1/);
    expect(() => settingsFromEnvironment({ BENCH_CONNECTIONS: '2.5' })).toThrow(/BENCH_CONNECTIONS/);
  });
});
