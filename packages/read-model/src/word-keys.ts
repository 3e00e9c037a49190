/**
 * Keys given as words (the read-store port's `DocumentWrite.words`): a document is found under its index by
 * every key `scope + b`, b a beginning of one of the words, up to WORD_BEGINNING_MAX characters. A store may
 * keep the words rather than every beginning as a key of its own (SQLite's full-text index does: one row a
 * document where the beginnings were dozens); it answers as if each beginning were a key.
 */

/** Beginnings longer than this are not keys: a longer term is looked up by its first letters, then checked. */
export const WORD_BEGINNING_MAX = 12;

export interface WordKeys {
  /** What every key of these words begins with (a business and mode, say). */
  scope: string;
  /** Lowercased words, each of letters and digits only (`\p{L}\p{N}`). */
  words: readonly string[];
}

/** A key of word beginnings, as a lookup asks for it: the scope's documents with a word that begins so. */
export interface WordBeginning {
  scope: string;
  beginning: string;
}

/** What a lookup asks for: an exact key, or a beginning of the words a document was given. */
export type LookupKey = string | WordBeginning;

/** The beginning as a key, at most WORD_BEGINNING_MAX characters of it. */
export function wordBeginning(scope: string, term: string): WordBeginning {
  return { scope, beginning: term.slice(0, WORD_BEGINNING_MAX) };
}

/** The exact key a lookup names: a beginning as the key it would be, had it been written as one. */
export function keyTextOf(key: LookupKey): string {
  return typeof key === 'string' ? key : `${key.scope}${key.beginning.slice(0, WORD_BEGINNING_MAX)}`;
}

/** Every beginning of every word as a key: the words as a store without a word index keeps them. */
function beginningKeysOf({ scope, words }: WordKeys): string[] {
  const beginnings = new Set<string>();
  for (const word of words) {
    for (let length = 1; length <= Math.min(word.length, WORD_BEGINNING_MAX); length++) beginnings.add(word.slice(0, length));
  }
  return [...beginnings].map((beginning) => `${scope}${beginning}`);
}

/** A write's keys with its words' beginnings among them. */
export function keysWithWords(
  keys: Readonly<Record<string, readonly string[]>>,
  words: Readonly<Record<string, WordKeys>> | undefined,
): Record<string, string[]> {
  const all: Record<string, string[]> = Object.fromEntries(Object.entries(keys).map(([index, values]) => [index, [...values]]));
  for (const [index, given] of Object.entries(words ?? {})) all[index] = [...(all[index] ?? []), ...beginningKeysOf(given)];
  return all;
}
