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
    const params = [after, upTo, ...prefixes.flatMap((prefix) => [prefix, prefix]), ...types, limit];
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

function allSql(prefixCount: number, typeCount: number): string {
  const conditions = ['position > ?', 'position <= ?'];
  if (prefixCount > 0) {
    // substr rather than LIKE: LIKE is case-insensitive and would treat '%' and '_' in a prefix as wildcards.
    const prefixMatches = Array.from({ length: prefixCount }, () => 'substr(stream, 1, length(?)) = ?');
    conditions.push(`(${prefixMatches.join(' OR ')})`);
  }
  if (typeCount > 0) {
    conditions.push(`type IN (${Array.from({ length: typeCount }, () => '?').join(', ')})`);
  }
  return `SELECT ${EVENT_COLUMNS} FROM events WHERE ${conditions.join(' AND ')} ORDER BY position LIMIT ?`;
}
