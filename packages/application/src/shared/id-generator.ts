/** Identifiers and randomness come from here so that the domain stays free of I/O. */
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

export interface IdGenerator {
  /** A new UUID; version 7, so ids sort by creation time. */
  newId(): string;
  randomBytes(size: number): Uint8Array;
}

export const cryptoIdGenerator: IdGenerator = {
  newId: () => uuidv7(),
  randomBytes: (size) => randomBytes(size),
};
