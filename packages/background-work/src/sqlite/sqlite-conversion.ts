/**
 * Converts a table of an embedded store of before the work store once: its rows, page by page, become
 * work items as they stood, and then its tables are dropped. Run when the stores open; a conversion cut
 * short is done again, and what it had adopted already is left as it is.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { WorkItem, WorkStore } from '../work-store';

const PAGE_SIZE = 1000;

export interface SqliteConversion<Row> {
  /** The table of before; nothing is done without it. */
  table: string;
  /** The columns to read, given those the table has (a table of an older schema may lack some). */
  columns: (existing: readonly string[]) => string;
  toItem: (row: Row) => WorkItem;
  /** Dropped with the table once every row is adopted. */
  alsoDrop?: readonly string[];
}

export async function convertSqliteTable<Row>(file: string, work: WorkStore, conversion: SqliteConversion<Row>): Promise<void> {
  if (!fs.existsSync(file)) return;
  const db = new Database(file, { timeout: 5000 });
  try {
    const existing = db.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)').all(conversion.table).map((column) => column.name);
    if (existing.length === 0) return;
    const page = db.prepare<[number, number], Row & { row_number: number }>(
      `SELECT rowid AS row_number, ${conversion.columns(existing)} FROM ${conversion.table} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
    );
    for (let after = 0; ; ) {
      const rows = page.all(after, PAGE_SIZE);
      await work.adopt(rows.map(conversion.toItem));
      const last = rows.at(-1);
      if (last === undefined) break;
      after = last.row_number;
    }
    for (const table of [conversion.table, ...(conversion.alsoDrop ?? [])]) db.exec(`DROP TABLE IF EXISTS ${table}`);
  } finally {
    db.close();
  }
}
