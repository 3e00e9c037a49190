import { describe, expect, it } from '@jest/globals';
import type { HostResolver } from './host-resolver';
import { webhookTargetProblem, webhookUrlProblem } from './webhook-url-policy';

const strict = { allowPrivate: false };
const relaxed = { allowPrivate: true };

describe('webhookUrlProblem', () => {
  it('accepts a public https URL', () => {
    expect(webhookUrlProblem('https://hooks.example.com/passes?x=1', strict)).toBeNull();
    expect(webhookUrlProblem('https://93.184.216.34/hook', strict)).toBeNull();
  });

  it('refuses http, other schemes and credentials', () => {
    expect(webhookUrlProblem('http://hooks.example.com/', strict)).toBe('must be an https URL');
    expect(webhookUrlProblem('ftp://hooks.example.com/', strict)).toBe('must be an https URL');
    expect(webhookUrlProblem('not a url', strict)).toBe('must be an absolute URL');
    expect(webhookUrlProblem('https://user:secret@hooks.example.com/', strict)).toBe('must not contain credentials');
  });

  it.each([
    ['https://127.0.0.1/', 'must not point to a loopback address'],
    ['https://2130706433/', 'must not point to a loopback address'],
    ['https://0x7f.1/', 'must not point to a loopback address'],
    ['https://[::1]:8443/', 'must not point to a loopback address'],
    ['https://[::ffff:127.0.0.1]/', 'must not point to a loopback address'],
    ['https://10.0.0.5/', 'must not point to a private address'],
    ['https://[fd12::1]/', 'must not point to a private address'],
    ['https://169.254.169.254/latest/meta-data', 'must not point to a metadata address'],
    ['https://169.254.10.1/', 'must not point to a link-local address'],
    ['https://[fe80::1]/', 'must not point to a link-local address'],
    ['https://localhost/', 'must not point to this machine or a metadata service'],
    ['https://api.localhost./', 'must not point to this machine or a metadata service'],
    ['https://metadata.google.internal/', 'must not point to this machine or a metadata service'],
  ])('refuses %s', (url, problem) => {
    expect(webhookUrlProblem(url, strict)).toBe(problem);
  });

  it('allows http and private targets when private targets are allowed', () => {
    expect(webhookUrlProblem('http://127.0.0.1:8080/hook', relaxed)).toBeNull();
    expect(webhookUrlProblem('http://localhost/hook', relaxed)).toBeNull();
    expect(webhookUrlProblem('ftp://127.0.0.1/', relaxed)).toBe('must be an http or https URL');
  });
});

describe('webhookTargetProblem (registration: the URL, then what its host resolves to)', () => {
  const resolverOf = (table: Record<string, string[]>): HostResolver & { asked: string[] } => {
    const asked: string[] = [];
    return Object.assign(async (host: string) => {
      asked.push(host);
      const addresses = table[host];
      if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return addresses;
    }, { asked });
  };

  it('accepts a name whose every address is public', async () => {
    expect(await webhookTargetProblem('https://hooks.example.com/', strict, resolverOf({ 'hooks.example.com': ['93.184.215.14', '2606:4700::1'] }))).toBeNull();
  });

  it('refuses a name when any one of its addresses is not public, naming the kind', async () => {
    const resolve = resolverOf({ 'vm': ['127.0.0.1'], 'mixed.example.com': ['93.184.215.14', '::ffff:0:a00:1'] });

    expect(await webhookTargetProblem('https://vm:8443/hook', strict, resolve)).toBe('must not point to a loopback address (vm resolves to one)');
    expect(await webhookTargetProblem('https://mixed.example.com/', strict, resolve)).toBe('must not point to a private address (mixed.example.com resolves to one)');
  });

  it('refuses a name that resolves to nothing', async () => {
    expect(await webhookTargetProblem('https://gone.example.com/', strict, resolverOf({}))).toBe('must name a host that resolves to an address (gone.example.com does not)');
  });

  it('asks no resolver for an IP address, a refused URL, or when private targets are allowed', async () => {
    const resolve = resolverOf({});

    expect(await webhookTargetProblem('https://93.184.215.14/', strict, resolve)).toBeNull();
    expect(await webhookTargetProblem('http://hooks.example.com/', strict, resolve)).toBe('must be an https URL');
    expect(await webhookTargetProblem('http://vm:8080/', relaxed, resolve)).toBeNull();
    expect(resolve.asked).toEqual([]);
  });
});
