import { describe, expect, it } from '@jest/globals';
import { webhookUrlProblem } from './webhook-url-policy';

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
