/**
 * The one rule every text field of a body follows: which characters it may hold. Text ends up in wallet
 * passes, pages, barcodes, webhooks and URL paths, where invisible or direction-changing characters
 * mislead people and unpaired surrogates cannot be encoded at all. The dashboard's forms
 * (services/dashboard) run the body schemas, so the browser applies this very rule.
 */

/**
 * - `line`: one line of text (names, labels, barcode and NFC payloads);
 * - `multiline`: may hold line ends (`\n`, `\r`), nothing else of the controls (long values, metadata);
 * - `identifier`: a key callers look things up by (external_id, metadata keys), so nothing invisible.
 */
export type TextKind = 'line' | 'multiline' | 'identifier';

/** C0 controls, DEL and C1 controls. */
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINE_ENDS = /(?![\n\r])\p{Cc}/u;
/**
 * U+2028 and U+2029, in every kind: a line end is `\n` or `\r`, and these two break the JavaScript and the
 * pages that carry a text, where a line feed would be escaped.
 */
const LINE_SEPARATORS = /[\u2028\u2029]/u;
/** Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the marks (U+200E, U+200F, U+061C). */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** Every format character: zero-width spaces and joiners (U+200B–U+200D), U+2060, U+FEFF, soft hyphen… */
const FORMAT_CHARACTERS = /\p{Cf}/u;
/** Without the `u` flag a regular expression sees UTF-16 code units, so it can find a half pair. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `value` breaks the rule for its kind, or null when it follows it. */
export function textProblem(value: string, kind: TextKind): string | null {
  if (UNPAIRED_SURROGATE.test(value)) return 'must not contain unpaired surrogates';
  if ((kind === 'multiline' ? CONTROL_BUT_LINE_ENDS : CONTROL).test(value)) {
    return kind === 'multiline' ? 'must not contain control characters other than line ends' : 'must not contain control characters';
  }
  if (LINE_SEPARATORS.test(value)) return 'must not contain line or paragraph separators';
  if (kind === 'identifier' && FORMAT_CHARACTERS.test(value)) return 'must not contain invisible formatting characters';
  if (BIDI_CONTROLS.test(value)) return 'must not contain bidirectional control characters';
  return null;
}
