/**
 * docker-compose.yml gives every process of ours the configuration an operator may set (README's table), so
 * that none of it needs the file edited: behind the recommended load balancer PASSES_TRUST_PROXY, metrics,
 * the wallets. The Go checker (docker-compose.servers.spec.ts) checks that what it passes is read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

const REPO = path.resolve(__dirname, '../../../..');
/** Addresses of the wallets' services, changed only to point at local stand-ins in tests (wallets.md). */
const STAND_INS = ['PASSES_APNS_URL', 'PASSES_APNS_CA', 'PASSES_GOOGLE_WALLET_API_URL', 'PASSES_GOOGLE_TOKEN_URL'];

function readmeVariables(): string[] {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  return readme
    .split('\n')
    .filter((line) => line.startsWith('| `PASSES_'))
    .flatMap((line) => (line.split('|')[1] ?? '').match(/PASSES_[A-Z_]+/g) ?? []);
}

function sharedEnvironment(): string[] {
  const compose = fs.readFileSync(path.join(REPO, 'docker-compose.yml'), 'utf8');
  const block = /^x-passes-environment: &passes-environment\n((?: {2}.*\n|\n)*?)(?=^\S)/m.exec(compose)?.[1] ?? '';
  return [...block.matchAll(/^ {2}(PASSES_[A-Z_]+):/gm)].map((match) => match[1] ?? '');
}

describe('docker-compose.yml’s environment', () => {
  it('given README’s variables, then every one but the wallets’ stand-in addresses is set or passed through to every process of ours', () => {
    const wanted = readmeVariables().filter((name) => !STAND_INS.includes(name));

    expect(wanted).toEqual(expect.arrayContaining(['PASSES_TRUST_PROXY', 'PASSES_METRICS_PORT', 'PASSES_APPLE_CERT', 'PASSES_GOOGLE_ISSUER_ID']));
    expect(wanted.filter((name) => !sharedEnvironment().includes(name))).toEqual([]);
  });
});
