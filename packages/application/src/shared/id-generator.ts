/** Identifiers and randomness come from here so that the domain stays free of I/O. */
import { randomBytes, randomFillSync } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

export interface IdGenerator {
  /** A new UUID; version 7, so ids sort by creation time. */
  newId(): string;
  randomBytes(size: number): Uint8Array;
}

/** Bytes drawn from the system at once, 400 serial numbers' worth. */
const POOL_BYTES = 4096;

/**
 * Random bytes drawn from the system a pool at a time, as Node does for `randomUUID`: a call to
 * `crypto.randomBytes` costs the same whatever its size (a crypto job each, dearer still under load),
 * and every issue draws 10 bytes for its serial number. Every byte is handed out once, as a copy.
 */
export function pooledRandomBytes(poolBytes = POOL_BYTES): (size: number) => Uint8Array {
  const pool = Buffer.alloc(poolBytes);
  let offset = poolBytes;
  return (size) => {
    if (size > poolBytes) return randomBytes(size);
    if (offset + size > poolBytes) {
      randomFillSync(pool);
      offset = 0;
    }
    const drawn = new Uint8Array(pool.subarray(offset, offset + size));
    offset += size;
    return drawn;
  };
}

export const cryptoIdGenerator: IdGenerator = {
  newId: () => uuidv7(),
  randomBytes: pooledRandomBytes(),
};
