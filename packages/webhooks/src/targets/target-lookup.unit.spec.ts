import { describe, expect, it } from '@jest/globals';
import type { LookupAddress } from 'node:dns';
import type { HostResolver } from './host-resolver';
import { guardedLookup, refusalOfLiteral } from './target-lookup';

const NAMES: Record<string, string[]> = {
  'loopback.hooks.test': ['127.0.0.1'],
  'public.hooks.test': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'mixed.hooks.test': ['93.184.215.14', '10.1.2.3'],
};
const table: HostResolver = async (host) => NAMES[host] ?? [];

function resolve(hostname: string, allowPrivate: boolean, family = 0): Promise<LookupAddress[]> {
  return new Promise((done, fail) => {
    guardedLookup({ allowPrivate }, table)(hostname, { all: true, family }, (error, addresses) => (error ? fail(error) : done(addresses as LookupAddress[])));
  });
}

describe('delivery-time target checks', () => {
  it('refuses a name that resolves to a loopback address, and connects to it only when private targets are allowed', async () => {
    await expect(resolve('loopback.hooks.test', false)).rejects.toMatchObject({ code: 'ETARGETREFUSED' });
    expect(await resolve('loopback.hooks.test', true)).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });

  it('refuses a name when any of its addresses is refused: the connection may try any of them', async () => {
    await expect(resolve('mixed.hooks.test', false)).rejects.toMatchObject({ code: 'ETARGETREFUSED' });
  });

  it('answers the family the connection asks for', async () => {
    expect(await resolve('public.hooks.test', false, 6)).toEqual([{ address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 }]);
    expect(await resolve('public.hooks.test', false, 4)).toEqual([{ address: '93.184.215.14', family: 4 }]);
  });

  it('fails a name without addresses as not found', async () => {
    await expect(resolve('gone.hooks.test', false)).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('refuses private IP literals, which are never looked up', () => {
    expect(refusalOfLiteral('169.254.169.254', { allowPrivate: false })?.message).toBe('169.254.169.254 is a metadata address, which webhooks may not call');
    expect(refusalOfLiteral('127.0.0.1', { allowPrivate: true })).toBeNull();
    expect(refusalOfLiteral('8.8.8.8', { allowPrivate: false })).toBeNull();
  });
});
