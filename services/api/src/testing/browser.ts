/**
 * Headless Chromium for the page tests: Debian's /usr/bin/chromium driven by playwright-core (TOOLCHAIN).
 * `npm test` installs Chromium first (infra/ensure-chromium.sh).
 */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env['PASSES_CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A phone-sized viewport, for pages people open from an email or a scan. */
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;
