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
    const params =
      types.length === 0
        ? [after, upTo, ...prefixParams, limit]
        : [...types.flatMap((type) => [type, after, upTo, ...prefixParams, limit]), limit];
    return this.statementFor(prefixes.length, types.length).all(...params);
  }

  private statementFor(prefixCount: number, typeCount: number): AllStatement {
    const shape = `${prefixCount}:${typeCount}`;
    const cached = this.statements.get(shape);
    if (cached !== undefined) return cached;
    const statement: AllStatement = this.db.prepare(allSql(prefixCount, typeCount));
    this.statements.set(shape, statement);
    return statement;
  }
}

/**
 * Without a type filter, a scan of the position range. With one, a page per type through the
 * (type, position) index, merged: each reads at most `limit` rows however rare or common its type,
 * where one scan would read every row of the range looking for a rare type, and one `type IN (…)`
 * lookup would sort every match to keep the first page.
 */
function allSql(prefixCount: number, typeCount: number): string {
  const conditions = ['position > ?', 'position <= ?'];
  if (prefixCount > 0) {
    // substr rather than LIKE: LIKE is case-insensitive and would treat '%' and '_' in a prefix as wildcards.
    const prefixMatches = Array.from({ length: prefixCount }, () => 'substr(stream, 1, length(?)) = ?');
    conditions.push(`(${prefixMatches.join(' OR ')})`);
  }
  const page = (where: string[]) => `SELECT ${EVENT_COLUMNS} FROM events WHERE ${where.join(' AND ')} ORDER BY position LIMIT ?`;
  if (typeCount === 0) return page(conditions);
  const pages = Array.from({ length: typeCount }, () => `SELECT * FROM (${page(['type = ?', ...conditions])})`);
  return `SELECT * FROM (${pages.join(' UNION ALL ')}) ORDER BY position LIMIT ?`;
}
