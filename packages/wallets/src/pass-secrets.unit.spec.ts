import { describe, expect, it } from '@jest/globals';
import { PassSecrets } from './pass-secrets';

const secrets = new PassSecrets(new Uint8Array(32).fill(7));
const SERIAL = 'PS-7K3M-9QXA-2D4F';

describe('pass secrets', () => {
  it('are 43 base64url characters, the same every time for a serial number, different per serial number', () => {
    expect(secrets.downloadSecret(SERIAL)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secrets.downloadSecret(SERIAL)).toBe(secrets.downloadSecret(SERIAL));
    expect(secrets.downloadSecret('PS-7K3M-9QXA-2D4G')).not.toBe(secrets.downloadSecret(SERIAL));
  });

  it('keep the download secret and the Apple authentication token apart: one never opens the other', () => {
    const download = secrets.downloadSecret(SERIAL);
    const token = secrets.appleAuthenticationToken(SERIAL);
    expect(token).not.toBe(download);
    expect(secrets.isDownloadSecret(SERIAL, token)).toBe(false);
    expect(secrets.isAppleAuthenticationToken(SERIAL, download)).toBe(false);
    expect(secrets.isDownloadSecret(SERIAL, download)).toBe(true);
    expect(secrets.isAppleAuthenticationToken(SERIAL, token)).toBe(true);
  });

  it('change with the service secret', () => {
    expect(new PassSecrets(new Uint8Array(32).fill(8)).downloadSecret(SERIAL)).not.toBe(secrets.downloadSecret(SERIAL));
  });

  it.each([
    ['another serial number’s', () => secrets.downloadSecret('PS-0000-0000-0000')],
    ['a shortened', () => secrets.downloadSecret(SERIAL).slice(1)],
    ['an empty', () => ''],
    ['the serial number itself as', () => SERIAL],
  ])('refuse %s secret', (_case, given) => {
    expect(secrets.isDownloadSecret(SERIAL, given())).toBe(false);
  });
});
