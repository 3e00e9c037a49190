import { BOUND_LIMIT } from '@passes/storage';
import type Database from 'better-sqlite3';
import type { AllFilter } from '../event-store';
import { EVENT_COLUMNS, type EventRow } from './event-row';

type AllStatement = Database.Statement<unknown[], EventRow>;

/**
 * Reads the global feed between two positions. One prepared statement per filter shape (how many
 * prefixes, how many types), so a subscription polling with the same filter reuses its statement.
 */
export class AllQuery {
  private readonly statements = new Map<string, AllStatement>();

  constructor(private readonly db: Database.Database) {}

  /** Events with after < position <= upTo matching the filter, in global order. */
  read(after: number, upTo: number, limit: number, filter: AllFilter | undefined): EventRow[] {
    const prefixes = filter?.streamPrefixes ?? [];
    const types = filter?.eventTypes ?? [];
    const prefixParams = prefixes.flatMap((prefix) => [prefix, prefix]);
    if (types.length === 0) return this.statementFor('scan', prefixes.length, 0).all(after, upTo, ...prefixParams, limit);
    // A live follower reads the few events since its last page: scanning them beats a seek per type.
    if (upTo - after <= limit) return this.statementFor('short', prefixes.length, types.length).all(after, upTo, ...types, ...prefixParams, limit);
    return this.statementFor('merged', prefixes.length, types.length).all(...types.flatMap((type) => [type, after, upTo, ...prefixParams, limit]), limit);
  }

  private statementFor(kind: QueryKind, prefixCount: number, typeCount: number): AllStatement {
    const shape = `${kind}:${prefixCount}:${typeCount}`;
    const cached = this.statements.get(shape);
    if (cached !== undefined) return cached;
    const statement = this.db.prepare<unknown[], EventRow>(allSql(kind, prefixCount, typeCount)).raw(true);
    this.statements.set(shape, statement);
    return statement;
  }
}

/** A scan of the range (no type filter); a short range scanned for the types; a page per type, merged. */
type QueryKind = 'scan' | 'short' | 'merged';

/**
 * Without a type filter, a scan of the position range. With one over a range no longer than a page, the
 * same scan keeping the types asked for: it reads at most a page of rows. Over a longer range, a page per
 * type through the (type, position) index, merged: each reads at most `limit` rows however rare or common
 * its type, where one scan would read every row of the range looking for a rare type, and one `type IN (…)`
 * lookup would sort every match to keep the first page.
 */
function allSql(kind: QueryKind, prefixCount: number, typeCount: number): string {
  const conditions = ['position > ?', 'position <= ?'];
  // The unary + keeps SQLite on the position range instead of the (type, position) index.
  if (kind === 'short') conditions.push(`+type IN (${Array.from({ length: typeCount }, () => '?').join(', ')})`);
  if (prefixCount > 0) {
    // substr rather than LIKE: LIKE is case-insensitive and would treat '%' and '_' in a prefix as wildcards.
    const prefixMatches = Array.from({ length: prefixCount }, () => 'substr(stream, 1, length(?)) = ?');
    conditions.push(`(${prefixMatches.join(' OR ')})`);
  }
  const page = (where: string[]) => `SELECT ${EVENT_COLUMNS} FROM events WHERE ${where.join(' AND ')} ORDER BY position ${BOUND_LIMIT}`;
  if (kind !== 'merged') return page(conditions);
  const pages = Array.from({ length: typeCount }, () => `SELECT * FROM (${page(['type = ?', ...conditions])})`);
  return `SELECT * FROM (${pages.join(' UNION ALL ')}) ORDER BY position ${BOUND_LIMIT}`;
}
