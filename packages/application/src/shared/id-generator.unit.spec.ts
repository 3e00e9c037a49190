import { describe, expect, it } from '@jest/globals';
import { pooledRandomBytes } from './id-generator';

describe('pooled random bytes', () => {
  it('draws exactly the bytes asked for, each draw its own copy that a refill of the pool leaves alone', () => {
    const draw = pooledRandomBytes(64);
    const first = draw(10);
    const kept = Uint8Array.from(first);
    const later = Array.from({ length: 7 }, () => draw(10));
    expect(first).toEqual(kept);
    expect([first.length, ...later.map((bytes) => bytes.length)]).toEqual([10, 10, 10, 10, 10, 10, 10, 10]);
    first.fill(0);
    expect(draw(10)).not.toEqual(new Uint8Array(10));
  });

  it('never hands out the same bytes twice, across refills of the pool', () => {
    const draw = pooledRandomBytes(32);
    const drawn = Array.from({ length: 200 }, () => Buffer.from(draw(12)).toString('hex'));
    expect(new Set(drawn).size).toBe(drawn.length);
  });

  it('draws more than the pool holds straight from the system', () => {
    const draw = pooledRandomBytes(16);
    const large = draw(100);
    expect(large.length).toBe(100);
    expect(new Set(large).size).toBeGreaterThan(16);
  });
});
