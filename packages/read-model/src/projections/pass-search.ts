/**
 * How passes are found by what a person types (issue 38): every word of a pass's customer name, email,
 * external id and serial number, lowercased, is a word; a search term matches a word it begins. The words
 * are the `search` index's words (word-keys.ts): each beginning of each word (up to a bound) finds the pass,
 * so a search is one indexed lookup, whatever the number of passes; the words themselves check the rest of
 * a multi-word search.
 */
import type { Mode, Pass, PassStatus } from '@passes/domain';
import { LRUCache } from 'lru-cache';
import { wordBeginning, type WordBeginning, type WordKeys } from '../word-keys';

const WORD_BREAK = /[^\p{L}\p{N}]+/u;

/** The lowercased words of a text: what a term may begin. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(WORD_BREAK)
    .filter((word) => word.length > 0);
}

/** A customer's own words: their name and email. */
export function customerWordsOf(pass: Pick<Pass, 'customerName' | 'customerEmail'>): string[] {
  return [...wordsOf(pass.customerName ?? ''), ...wordsOf(pass.customerEmail ?? '')];
}

/**
 * Every word a pass is found by: its customer's, and its external id's and serial number's. An identifier
 * is found by its words only, as a search is split into words: `PS-7K3M` is the words `ps` and `7k3m`.
 */
export function passWordsOf(pass: Pick<Pass, 'customerName' | 'customerEmail' | 'externalId' | 'serialNumber'>): string[] {
  const identifiers = [pass.externalId, pass.serialNumber].flatMap((identifier) => (identifier === null ? [] : wordsOf(identifier)));
  return [...customerWordsOf(pass), ...identifiers];
}

/** Whether every term begins one of the words. */
export function termsMatch(terms: readonly string[], words: readonly string[]): boolean {
  return terms.every((term) => words.some((word) => word.startsWith(term)));
}

/** The scope of the `search` index's words: a business's passes in one mode. */
const wordScope = (businessId: string, mode: Mode) => `${businessId}/${mode}/w/`;

/**
 * Keys of the `search` index of passes: each business's passes in one mode, by word beginning and by filter.
 * All of them, and those of a template, are the `audience` index's keys (lookupKeys.passAudience): a pass
 * gives each of its keys once.
 */
export const passSearchKeys = {
  beginning: (businessId: string, mode: Mode, term: string): WordBeginning => wordBeginning(wordScope(businessId, mode), term),
  status: (businessId: string, mode: Mode, status: PassStatus) => `${businessId}/${mode}/status/${status}`,
  /** Passes with a customer email: where the list of customers is read from. */
  customers: (businessId: string, mode: Mode) => `${businessId}/${mode}/customers`,
};

/** The `search` index's keys of a pass: its filters. */
export function searchKeysOf(pass: Pick<Pass, 'businessId' | 'mode' | 'status' | 'customerEmail'>): string[] {
  const { businessId, mode } = pass;
  return [passSearchKeys.status(businessId, mode, pass.status), ...(pass.customerEmail === null ? [] : [passSearchKeys.customers(businessId, mode)])];
}

type WordsOfPass = Pick<Pass, 'businessId' | 'mode' | 'customerName' | 'customerEmail' | 'externalId' | 'serialNumber'>;

/** Passes whose words were made lately. */
const RECENT_PASS_WORDS = 5_000;

/**
 * The words made lately, by serial number (each pass's own) with what they were made of: most writes of a
 * pass (a stamp, a charge) keep its customer's name and email and its external id, and then give the same
 * words, the same object, whose text the store need not make again either.
 */
const recentWords = new LRUCache<string, { of: WordsOfPass; words: WordKeys }>({ max: RECENT_PASS_WORDS });

const sameWordSources = (a: WordsOfPass, b: WordsOfPass) =>
  a.businessId === b.businessId && a.mode === b.mode && a.customerName === b.customerName && a.customerEmail === b.customerEmail && a.externalId === b.externalId;

/** The `search` index's words of a pass: what it is found by the beginnings of. */
export function searchWordsOf(pass: WordsOfPass): WordKeys {
  const kept = recentWords.get(pass.serialNumber);
  if (kept !== undefined && sameWordSources(kept.of, pass)) return kept.words;
  const words = { scope: wordScope(pass.businessId, pass.mode), words: [...new Set(passWordsOf(pass))] };
  const { businessId, mode, customerName, customerEmail, externalId, serialNumber } = pass;
  recentWords.set(serialNumber, { of: { businessId, mode, customerName, customerEmail, externalId, serialNumber }, words });
  return words;
}
