/**
 * Express's query parser (`query parser` setting): node's querystring, where a parameter named with
 * brackets (`count[]=1`, `count%5Ba%5D=1`) counts as its base name given as a list, so the one check every
 * query parameter meets (a single plain value) refuses it instead of the parameter reading as absent.
 */
import { parse, type ParsedUrlQuery } from 'node:querystring';

const BRACKET_NAMES = /[[\]]|%5[bd]/i;

export function parseQueryString(text: string): ParsedUrlQuery {
  const query = parse(text);
  if (!BRACKET_NAMES.test(text)) return query;
  for (const name of Object.keys(query)) {
    const bracket = name.search(/[[\]]/);
    if (bracket === -1) continue;
    const values = query[name] ?? [];
    delete query[name];
    const base = name.slice(0, bracket);
    query[base] = [query[base] ?? [], values].flat();
  }
  return query;
}
