/**
 * The public validation page (`{app_url}/validate/<code>`): valid or not, the pass status and the
 * template's name, never personal data. Everything shown is escaped, and the page allows no script,
 * no remote content and only its own inline style (Content-Security-Policy with the style's hash).
 */
import { escapeHtml, type ScanOutcomeReason, type Validation } from '@passes/application';
import type { PassStatus } from '@passes/domain';
import { pageStyle, type Page } from './page-document';

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1d2330}
main{max-width:28rem;margin:0 auto;padding:2.5rem 1.25rem;text-align:center}
.badge{width:6rem;height:6rem;margin:0 auto 1.25rem;border-radius:50%;display:flex;align-items:center;justify-content:center;font-size:3.25rem;font-weight:700;color:#fff}
.valid .badge{background:#1a7f37}
.invalid .badge{background:#c62828}
h1{font-size:2rem;margin:0 0 .5rem}
.template{font-size:1.1rem;color:#4a5263;margin:0 0 1.5rem}
.status{display:inline-block;font-size:1.1rem;padding:.5rem 1rem;border-radius:999px;background:#fff;border:1px solid #d6d9e0;margin:0 0 1.25rem}
.reason{font-size:1.05rem;line-height:1.5;margin:0 0 1.5rem}
.checked{font-size:.9rem;color:#6b7385}
`;

const PAGE_STYLE = pageStyle(STYLE);

const STATUS_LABELS: Readonly<Record<PassStatus, string>> = {
  active: 'Active',
  checked_in: 'Checked in',
  redeemed: 'Redeemed',
  voided: 'Voided',
};

const REASONS: Readonly<Record<ScanOutcomeReason, string>> = {
  unknown_code: 'This code does not belong to any pass.',
  ambiguous_barcode: 'This code belongs to more than one pass.',
  missing_signature: 'This code carries no signature, so it cannot be trusted. It may have been copied or altered.',
  invalid_signature: 'The signature of this code does not match. It may have been copied or altered.',
  voided: 'This pass has been voided.',
  redeemed: 'This pass has already been redeemed.',
  scan_cooldown: 'This pass was checked in a moment ago.',
};

/** An unknown code is a 404 page; every other verdict is a 200 page saying valid or not. */
export function validationPage(validation: Validation): Page {
  const verdict = validation.valid ? 'Valid pass' : 'Not valid';
  const parts = [
    `<div class="badge" aria-hidden="true">${validation.valid ? '&#10003;' : '&#10007;'}</div>`,
    `<h1>${verdict}</h1>`,
    validation.templateName === null ? '' : `<p class="template">${escapeHtml(validation.templateName)}</p>`,
    validation.status === null ? '' : `<p class="status">Status: <strong>${escapeHtml(STATUS_LABELS[validation.status])}</strong></p>`,
    validation.reason === null ? '' : `<p class="reason">${escapeHtml(REASONS[validation.reason])}</p>`,
    `<p class="checked">Checked <time datetime="${escapeHtml(validation.checkedAt)}">${escapeHtml(readableTime(validation.checkedAt))}</time></p>`,
  ];
  return {
    status: validation.reason === 'unknown_code' ? 404 : 200,
    title: verdict,
    style: PAGE_STYLE,
    body: parts.filter((part) => part !== '').join('\n'),
    mainClass: validation.valid ? 'valid' : 'invalid',
  };
}

/** `2026-11-21 10:00:05 UTC`: the server's time, so the reader can tell a live answer from an old screenshot. */
function readableTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}
