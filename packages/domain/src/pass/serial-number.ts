/**
 * A pass's serial number, e.g. `PS-7K3M-9QXA-2D4F`: short enough to read out at a counter, in Crockford
 * base32 (no I, L, O or U, so nothing is mistaken for a digit), and never confusable with a UUID.
 */
const CROCKFORD_BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SERIAL_NUMBER = /^PS-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
/** The same shape in any case; without the `u` flag only ASCII letters fold, so `ſ` is not an `S`. */
const SERIAL_NUMBER_ANY_CASE = new RegExp(SERIAL_NUMBER.source, 'i');
const GROUP_LENGTH = 4;

/** One random byte per character: 60 bits of randomness. */
export const SERIAL_NUMBER_RANDOM_BYTES = 12;

export function serialNumberFromBytes(random: Uint8Array): string {
  if (random.length < SERIAL_NUMBER_RANDOM_BYTES) {
    throw new RangeError(`A serial number needs ${SERIAL_NUMBER_RANDOM_BYTES} random bytes, got ${random.length}.`);
  }
  // Built a character at a time: an issue makes one, and arrays of characters joined cost it a microsecond.
  let serialNumber = 'PS';
  let index = 0;
  for (const byte of random.subarray(0, SERIAL_NUMBER_RANDOM_BYTES)) {
    if (index % GROUP_LENGTH === 0) serialNumber += '-';
    // 32 divides 256, so keeping the low five bits of a uniform byte keeps it uniform.
    serialNumber += CROCKFORD_BASE32.charAt(byte & 31);
    index += 1;
  }
  return serialNumber;
}

/** Only the canonical form: serial numbers are issued uppercase and compared exactly. */
export function isSerialNumber(text: string): boolean {
  return SERIAL_NUMBER.test(text);
}

/**
 * The serial number a person typed, whatever its case (a phone capitalises the first letter, a barista
 * types lower case), in its canonical form; null when the text is not one. Serial numbers are issued
 * uppercase, so no two differ by case alone.
 */
export function typedSerialNumber(text: string): string | null {
  return SERIAL_NUMBER_ANY_CASE.test(text) ? text.toUpperCase() : null;
}
