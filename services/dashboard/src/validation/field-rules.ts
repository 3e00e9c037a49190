/**
 * The API's field rules (docs/api.md, "Field limits"), with the API's own messages, so a form refuses
 * what the API would refuse and says it the same way. validation/api-agreement.spec.ts runs these and the
 * API's schemas over the same values, so a rule that drifts from the API fails a test.
 */
import * as z from 'zod/mini';
// The API's text rule itself: it imports nothing, so the browser runs the very function the API does.
import { textProblem, type TextKind } from '../../../../packages/contracts/src/text-problem';
import './zod-messages';

export const MAX_NAME_LENGTH = 200;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_EXTERNAL_ID_LENGTH = 128;
export const MAX_METADATA_KEYS = 50;
export const MAX_METADATA_KEY_LENGTH = 40;
export const MAX_METADATA_STRING_LENGTH = 500;
export const MAX_BARCODE_DATA_LENGTH = 2048;
export const MAX_NFC_DATA_BYTES = 64;
export const MAX_POINTS = 1_000_000_000;
export const MAX_STAMPS = 1_000_000;
export const MAX_MONEY = 100_000_000;

/** The text rule of `kind` (docs/api.md, Text) as a check. */
export const textRule = (kind: TextKind) =>
  z.superRefine<string>((value, context) => {
    const problem = textProblem(value, kind);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem, input: value });
  });

export const name = z
  .string()
  .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`), textRule('line'));

export const email = z.email('must be a valid email address').check(z.maxLength(MAX_EMAIL_LENGTH, `must be at most ${MAX_EMAIL_LENGTH} characters`));

export const password = z.string().check(z.minLength(10, 'must be at least 10 characters'), z.maxLength(200, 'must be at most 200 characters'));

export const externalId = z
  .string()
  .check(
    z.maxLength(MAX_EXTERNAL_ID_LENGTH, `must be at most ${MAX_EXTERNAL_ID_LENGTH} characters`),
    textRule('identifier'),
    z.minLength(1, 'must not be empty'),
    z.refine((value) => value.trim() === value, 'must not have leading or trailing spaces'),
  );

export const barcodeData = z
  .string()
  .check(z.maxLength(MAX_BARCODE_DATA_LENGTH, `must be at most ${MAX_BARCODE_DATA_LENGTH} characters`), textRule('line'), z.minLength(1, 'must not be empty'));

const utf8 = new TextEncoder();

export const nfcData = z
  .string()
  .check(
    z.minLength(1, 'must not be empty'),
    textRule('line'),
    z.refine((value) => utf8.encode(value).length <= MAX_NFC_DATA_BYTES, `must be at most ${MAX_NFC_DATA_BYTES} bytes`),
  );

export const points = z.int('must be an integer').check(z.gte(0, 'must not be negative'), z.lte(MAX_POINTS, `must be at most ${MAX_POINTS}`));

/** A money amount: a non-negative number with at most two decimals. */
export const money = z
  .number()
  .check(
    z.gte(0, 'must not be negative'),
    z.lte(MAX_MONEY, `must be at most ${MAX_MONEY}`),
    z.refine((value) => hasAtMostTwoDecimals(value), 'must have at most 2 decimals'),
  );

/** Two decimals as written, as the API's parser reads the number (`1e-9` and `0.30000000000000004` fail). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/.test(String(value));
}

const metadataValue = z.union([
  z.string().check(z.maxLength(MAX_METADATA_STRING_LENGTH, `must be at most ${MAX_METADATA_STRING_LENGTH} characters`), textRule('multiline')),
  z.number(),
  z.boolean(),
]);
const metadataKey = z
  .string()
  .check(z.maxLength(MAX_METADATA_KEY_LENGTH, `must be at most ${MAX_METADATA_KEY_LENGTH} characters`), textRule('identifier'), z.minLength(1, 'keys must not be empty'));

export const metadata = z
  .record(metadataKey, metadataValue)
  .check(z.refine((value) => Object.keys(value).length <= MAX_METADATA_KEYS, `must have at most ${MAX_METADATA_KEYS} keys`));
