/**
 * The validation URL a pass's default barcode encodes: `{app_url}/validate/<code>`, plus `?sig=` when
 * its template signs barcodes (spec: Scan security). The code is the pass's serial number. Built and
 * read here only.
 */

export function validationUrl(appUrl: string, code: string, signature: string | null): string {
  const url = `${appUrl}/validate/${encodeURIComponent(code)}`;
  return signature === null ? url : `${url}?sig=${signature}`;
}

interface ScannedCode {
  code: string;
  signature: string | null;
}

const VALIDATION_PATH = /\/validate\/([^/]+)$/;
/** Resolves relative input, so `/validate/<code>` read without its host still parses. */
const PLACEHOLDER_BASE = 'http://scan.invalid';

/**
 * What a scanner read: a validation URL of any host (an old app_url stays readable; the signature is
 * what proves anything), or else a bare code.
 */
export function parseScannedCode(text: string): ScannedCode {
  const trimmed = text.trim();
  try {
    const url = new URL(trimmed, PLACEHOLDER_BASE);
    const match = VALIDATION_PATH.exec(url.pathname);
    if (match?.[1]) return { code: decodeURIComponent(match[1]), signature: url.searchParams.get('sig') };
  } catch {
    // Not a URL (or a malformed escape in one): read it as a bare code.
  }
  return { code: trimmed, signature: null };
}
