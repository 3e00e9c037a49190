/** Field rules shared by every body that carries them (DESIGN §5, Validation). */
import { MAX_NAME_LENGTH, MAX_STAMPS } from '@passes/domain';
import { z } from 'zod';

export const MAX_EMAIL_LENGTH = 254;
export const MAX_EXTERNAL_ID_LENGTH = 128;
export const MAX_METADATA_KEYS = 50;
export const MAX_METADATA_KEY_LENGTH = 40;
export const MAX_METADATA_STRING_LENGTH = 500;
export const MAX_BARCODE_DATA_LENGTH = 2048;
export const MAX_NFC_DATA_BYTES = 64;
export const MAX_POINTS = 1_000_000_000;

const CONTROL_CHARACTERS = /\p{Cc}/u;

export const name = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`)
  .refine((value) => !CONTROL_CHARACTERS.test(value), 'must not contain control characters');

export const email = z.email('must be a valid email address').max(MAX_EMAIL_LENGTH, `must be at most ${MAX_EMAIL_LENGTH} characters`);

export const externalId = z
  .string()
  .min(1, 'must not be empty')
  .max(MAX_EXTERNAL_ID_LENGTH, `must be at most ${MAX_EXTERNAL_ID_LENGTH} characters`)
  .refine((value) => !CONTROL_CHARACTERS.test(value) && value.trim() === value, 'must be printable, without leading or trailing spaces');

export const barcodeData = z.string().min(1).max(MAX_BARCODE_DATA_LENGTH, `must be at most ${MAX_BARCODE_DATA_LENGTH} characters`);

export const nfcData = z
  .string()
  .min(1)
  .refine((value) => Buffer.byteLength(value, 'utf8') <= MAX_NFC_DATA_BYTES, `must be at most ${MAX_NFC_DATA_BYTES} bytes`);

export const points = z.int('must be an integer').min(0, 'must not be negative').max(MAX_POINTS);
export const stamps = z.int('must be an integer').min(0, 'must not be negative').max(MAX_STAMPS);

/** A money amount as JSON: a non-negative number with at most two decimals. */
export const money = z
  .number()
  .min(0, 'must not be negative')
  .max(100_000_000, 'must be at most 100000000')
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'must have at most 2 decimals');

const metadataValue = z.union([z.string().max(MAX_METADATA_STRING_LENGTH, `must be at most ${MAX_METADATA_STRING_LENGTH} characters`), z.number(), z.boolean()]);
const metadataKey = z.string().min(1).max(MAX_METADATA_KEY_LENGTH, `keys must be at most ${MAX_METADATA_KEY_LENGTH} characters`);
const atMostKeys = (value: object) => Object.keys(value).length <= MAX_METADATA_KEYS;

export const metadata = z.record(metadataKey, metadataValue).refine(atMostKeys, `must have at most ${MAX_METADATA_KEYS} keys`);
/** On update a null value removes its key. */
export const metadataPatch = z.record(metadataKey, metadataValue.nullable()).refine(atMostKeys, `must have at most ${MAX_METADATA_KEYS} keys`);
