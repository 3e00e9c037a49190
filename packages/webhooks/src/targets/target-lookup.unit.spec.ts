import { describe, expect, it } from '@jest/globals';
import type { LookupAddress } from 'node:dns';
import { guardedLookup, refusalOfLiteral } from './target-lookup';

function resolve(hostname: string, allowPrivate: boolean): Promise<LookupAddress[]> {
  return new Promise((done, fail) => {
    guardedLookup({ allowPrivate })(hostname, { all: true }, (error, addresses) => (error ? fail(error) : done(addresses as LookupAddress[])));
  });
}

describe('delivery-time target checks', () => {
  it('refuses a name that resolves to a loopback address, and connects to it only when private targets are allowed', async () => {
    await expect(resolve('localhost', false)).rejects.toMatchObject({ code: 'ETARGETREFUSED' });
    const addresses = await resolve('localhost', true);
    expect(addresses.length).toBeGreaterThan(0);
  });

  it('refuses private IP literals, which are never looked up', () => {
    expect(refusalOfLiteral('169.254.169.254', { allowPrivate: false })?.message).toBe('169.254.169.254 is a metadata address, which webhooks may not call');
    expect(refusalOfLiteral('127.0.0.1', { allowPrivate: true })).toBeNull();
    expect(refusalOfLiteral('8.8.8.8', { allowPrivate: false })).toBeNull();
  });
});
