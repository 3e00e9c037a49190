import { describe, expect, test } from '@jest/globals';
import { classifyPassIdentifier } from './pass-identifier';

describe('classifying a pass identifier', () => {
  test('a UUID is an id', () => {
    expect(classifyPassIdentifier('7d3c1a52-2f4e-4b8a-9c61-0e5f2a7b9d10')).toBe('id');
  });

  test('a UUID in uppercase is an id', () => {
    expect(classifyPassIdentifier('7D3C1A52-2F4E-4B8A-9C61-0E5F2A7B9D10')).toBe('id');
  });

  test('a UUID of any version is an id', () => {
    expect(classifyPassIdentifier('01932c07-8a2b-7c3d-9e4f-5a6b7c8d9e0f')).toBe('id');
  });

  test('a serial number is a serial_number', () => {
    expect(classifyPassIdentifier('PS-7K3M-9QXA-2D4F')).toBe('serial_number');
  });

  test('a serial number in lowercase is taken as an external_id', () => {
    expect(classifyPassIdentifier('ps-7k3m-9qxa-2d4f')).toBe('external_id');
  });

  test('anything else is an external_id', () => {
    expect(classifyPassIdentifier('member-1815')).toBe('external_id');
  });

  test('a UUID with surrounding text is an external_id', () => {
    expect(classifyPassIdentifier('x7d3c1a52-2f4e-4b8a-9c61-0e5f2a7b9d10')).toBe('external_id');
  });
});
