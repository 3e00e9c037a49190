import { describe, expect, test } from '@jest/globals';
import { isSerialNumber, SERIAL_NUMBER_RANDOM_BYTES, serialNumberFromBytes, typedSerialNumber } from './serial-number';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('serial numbers', () => {
  test('are PS- and three groups of four Crockford base32 characters', () => {
    expect(serialNumberFromBytes(bytes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11))).toBe('PS-0123-4567-89AB');
  });

  test('use only the low five bits of each byte', () => {
    expect(serialNumberFromBytes(bytes(32, 33, 255, 31, 18, 19, 20, 21, 27, 28, 29, 30))).toBe('PS-01ZZ-JKMN-VWXY');
  });

  test('never contain I, L, O or U', () => {
    const every = serialNumberFromBytes(bytes(...Array.from({ length: 12 }, (_, index) => index + 16)));
    expect(every).toBe('PS-GHJK-MNPQ-RSTV');
    expect(every).not.toMatch(/[ILOU]/);
  });

  test('ignore random bytes beyond the twelve needed', () => {
    expect(serialNumberFromBytes(new Uint8Array(20).fill(1))).toBe('PS-1111-1111-1111');
  });

  test('refuse fewer random bytes than they need', () => {
    expect(() => serialNumberFromBytes(new Uint8Array(SERIAL_NUMBER_RANDOM_BYTES - 1))).toThrow(RangeError);
  });

  test('are recognised in their canonical form', () => {
    expect(isSerialNumber('PS-7K3M-9QXA-2D4F')).toBe(true);
  });

  test('are not recognised in lowercase', () => {
    expect(isSerialNumber('ps-7k3m-9qxa-2d4f')).toBe(false);
  });

  test('are not recognised with a letter Crockford leaves out', () => {
    expect(isSerialNumber('PS-7K3M-9QXA-2D4U')).toBe(false);
  });

  test.each([
    ['without the prefix', '7K3M-9QXA-2D4F'],
    ['without the grouping', 'PS-7K3M9QXA2D4F'],
    ['a character short', 'PS-7K3M-9QXA-2D4'],
    ['with surrounding space', ' PS-7K3M-9QXA-2D4F'],
  ])('are not recognised %s', (_how, text) => {
    expect(isSerialNumber(text)).toBe(false);
  });

  test('every generated serial number is recognised', () => {
    expect(isSerialNumber(serialNumberFromBytes(new Uint8Array(12).fill(255)))).toBe(true);
  });

  test.each(['ps-7k3m-9qxa-2d4f', 'Ps-7k3m-9qxa-2d4f', 'PS-7K3M-9QXA-2D4F'])('typed as %s, read in their canonical form', (text) => {
    expect(typedSerialNumber(text)).toBe('PS-7K3M-9QXA-2D4F');
  });

  test.each([
    ['with a letter Crockford leaves out', 'ps-7k3m-9qxa-2d4u'],
    ['with a letter that is an S only once upper-cased', 'p\u017f-7k3m-9qxa-2d4f'],
    ['with surrounding space', ' ps-7k3m-9qxa-2d4f'],
  ])('typed %s, are not read as one', (_how, text) => {
    expect(typedSerialNumber(text)).toBeNull();
  });
});
