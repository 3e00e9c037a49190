/** Field rules shared by every body that carries them (DESIGN §5, Validation). */
import { MAX_MINOR_UNITS, MAX_NAME_LENGTH, MAX_POINTS, MAX_STAMPS, minorUnitsToNumber, numberToMinorUnits } from '@passes/domain';
import { z } from 'zod';
import { followingTextRule, text } from './text-rule';

export const MAX_EMAIL_LENGTH = 254;
export const MAX_EXTERNAL_ID_LENGTH = 128;
export const MAX_METADATA_KEYS = 50;
export const MAX_METADATA_KEY_LENGTH = 40;
export const MAX_METADATA_STRING_LENGTH = 500;
export const MAX_BARCODE_DATA_LENGTH = 2048;
export const MAX_NFC_DATA_BYTES = 64;

export const name = followingTextRule(z.string().trim().min(1, 'must not be empty').max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`), 'line');

export const email = z.email('must be a valid email address').max(MAX_EMAIL_LENGTH, `must be at most ${MAX_EMAIL_LENGTH} characters`);

export const externalId = text('identifier', MAX_EXTERNAL_ID_LENGTH)
  .min(1, 'must not be empty')
  .refine((value) => value.trim() === value, 'must not have leading or trailing spaces');

export const barcodeData = text('line', MAX_BARCODE_DATA_LENGTH).min(1, 'must not be empty');

// TextEncoder rather than Buffer: the dashboard runs these rules in the browser.
const utf8 = new TextEncoder();

export const nfcData = followingTextRule(z.string().min(1, 'must not be empty'), 'line').refine(
  (value) => utf8.encode(value).length <= MAX_NFC_DATA_BYTES,
  `must be at most ${MAX_NFC_DATA_BYTES} bytes`,
);

/** A whole count from 0 to `max`, whose messages name the bound (`z.int`'s own message would say "integer"). */
const count = (max: number) => z.int('must be an integer').min(0, 'must not be negative').max(max, `must be at most ${max}`);
export const points = count(MAX_POINTS);
export const stamps = count(MAX_STAMPS);

const MAX_MONEY = minorUnitsToNumber(MAX_MINOR_UNITS);

/**
 * A money amount as JSON: a non-negative number with at most two decimals, as written (`1e-9` and
 * `0.30000000000000004` are refused, not rounded): the same rule as a query's `amount`.
 */
export const money = z
  .number()
  // A check that fails ends the others: -5 has no decimals to speak of.
  .min(0, { error: 'must not be negative', abort: true })
  .max(MAX_MONEY, { error: `must be at most ${MAX_MONEY}`, abort: true })
  .refine((value) => numberToMinorUnits(value) !== null, 'must have at most 2 decimals');

const metadataValue = z.union([text('multiline', MAX_METADATA_STRING_LENGTH), z.number(), z.boolean()]);
const metadataKey = text('identifier', MAX_METADATA_KEY_LENGTH).min(1, 'keys must not be empty');
const atMostKeys = (value: object) => Object.keys(value).length <= MAX_METADATA_KEYS;

export const metadata = z.record(metadataKey, metadataValue).refine(atMostKeys, `must have at most ${MAX_METADATA_KEYS} keys`);
/** On update a null value removes its key. */
export const metadataPatch = z.record(metadataKey, metadataValue.nullable()).refine(atMostKeys, `must have at most ${MAX_METADATA_KEYS} keys`);
