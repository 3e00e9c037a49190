/**
 * The work store of the embedded profile: `background-work.sqlite` in the data directory. A claim is one
 * transaction, so the group rule (one leased item per group) needs no lease table: a group is leased
 * while one of its items is.
 */
import { openWalDatabase } from '@passes/storage';
import type Database from 'better-sqlite3';
import { WORK_STATUSES, type Attempt, type HeldItem, type KindBacklog, type NewWork, type WorkItem, type WorkLease, type WorkQuery, type WorkStatus, type WorkStore } from '../work-store';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS work_items (
    sequence        INTEGER PRIMARY KEY AUTOINCREMENT,
    id              TEXT    NOT NULL UNIQUE,
    kind            TEXT    NOT NULL,
    group_key       TEXT,
    sort_key        TEXT    NOT NULL,
    payload         TEXT    NOT NULL,
    status          TEXT    NOT NULL,
    attempts        INTEGER NOT NULL,
    due_at          INTEGER,
    leased_by       TEXT,
    leased_until    INTEGER,
    last_attempt_at INTEGER,
    last_code       INTEGER,
    last_error      TEXT,
    created_at      INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX IF NOT EXISTS work_pending ON work_items (kind, group_key, sort_key, id) WHERE status = 'pending';
  CREATE INDEX IF NOT EXISTS work_leased ON work_items (kind, group_key, leased_until) WHERE leased_until IS NOT NULL;
  CREATE INDEX IF NOT EXISTS work_in_order ON work_items (kind, group_key, sort_key, id);
  CREATE INDEX IF NOT EXISTS work_of_kind_in_order ON work_items (kind, sort_key, id);
  CREATE INDEX IF NOT EXISTS work_settled ON work_items (coalesce(last_attempt_at, created_at)) WHERE status <> 'pending';
`;

interface Row {
  id: string;
  kind: string;
  group_key: string | null;
  sort_key: string;
  payload: string;
  status: string;
  attempts: number;
  due_at: number | null;
  last_attempt_at: number | null;
  last_code: number | null;
  last_error: string | null;
  created_at: number;
}

const COLUMNS = 'id, kind, group_key, sort_key, payload, status, attempts, due_at, last_attempt_at, last_code, last_error, created_at';
const COLUMNS_OF_W = COLUMNS.split(', ').map((column) => `w.${column}`).join(', ');

interface ListParameters {
  kind: string;
  status: string | null;
  limit: number;
}

interface ClaimParameters {
  kind: string;
  now: number;
  limit: number;
}

export class SqliteWorkStore implements WorkStore {
  private readonly statements;
  private readonly recordTransaction;
  private readonly adoptTransaction;
  private readonly claimTransaction;

  private constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
    // Limits are bound through a CAST, as BOUND_LIMIT (@passes/storage) does, so that each plan is kept across runs.
    this.statements = {
      insert: db.prepare<[string, string, string | null, string, string, string, number, number | null, number | null, number | null, string | null, number]>(
        `INSERT OR IGNORE INTO work_items (id, kind, group_key, sort_key, payload, status, attempts, due_at, last_attempt_at, last_code, last_error, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      // Due items of no group, not leased, in order.
      dueAlone: db.prepare<ClaimParameters, Row>(
        `SELECT ${COLUMNS} FROM work_items INDEXED BY work_pending
         WHERE kind = @kind AND group_key IS NULL AND status = 'pending' AND due_at <= @now AND (leased_until IS NULL OR leased_until <= @now)
         ORDER BY sort_key, id LIMIT CAST(@limit AS INTEGER)`,
      ),
      // The first due item of each group with no running lease. The groups with pending items are found one
      // index seek each (a loose scan of the pending index), and each one's first due item by walking its
      // pending ones in order: a claim costs the groups, not the backlog. The index is named: without
      // statistics the planner would take another and sort.
      dueInGroups: db.prepare<ClaimParameters, Row>(
        `WITH RECURSIVE groups (group_key) AS (
           SELECT min(group_key) FROM work_items INDEXED BY work_pending WHERE kind = @kind AND status = 'pending' AND group_key IS NOT NULL
           UNION ALL
           SELECT (SELECT min(group_key) FROM work_items INDEXED BY work_pending WHERE kind = @kind AND status = 'pending' AND group_key > groups.group_key)
           FROM groups WHERE group_key IS NOT NULL)
         SELECT ${COLUMNS_OF_W} FROM groups g
         JOIN work_items w ON w.id = (
           SELECT p.id FROM work_items p INDEXED BY work_pending
           WHERE p.kind = @kind AND p.group_key = g.group_key AND p.status = 'pending' AND p.due_at <= @now
           ORDER BY p.sort_key, p.id LIMIT 1)
         WHERE NOT EXISTS (SELECT 1 FROM work_items l INDEXED BY work_leased WHERE l.kind = @kind AND l.group_key = g.group_key AND l.leased_until > @now)
         ORDER BY w.sort_key, w.id LIMIT CAST(@limit AS INTEGER)`,
      ),
      lease: db.prepare<[string, number, string]>('UPDATE work_items SET leased_by = ?, leased_until = ? WHERE id = ?'),
      release: db.prepare<[string, string]>('UPDATE work_items SET leased_by = NULL, leased_until = NULL WHERE id = ? AND leased_by = ?'),
      settle: db.prepare<[string, number | null, number, number | null, string | null, string]>(
        `UPDATE work_items SET status = ?, due_at = ?, attempts = attempts + 1, last_attempt_at = ?, last_code = ?, last_error = ?,
           leased_by = NULL, leased_until = NULL WHERE id = ?`,
      ),
      settleLeft: db.prepare<[string, number | null, number, number | null, string | null, string, string]>(
        `UPDATE work_items SET status = ?, due_at = ?, attempts = attempts + 1, last_attempt_at = ?, last_code = ?, last_error = ?,
           leased_by = NULL, leased_until = NULL WHERE id = ? AND leased_by = ? AND status = 'pending'`,
      ),
      held: db.prepare<[], { id: string; kind: string; holder: string; until: number; attempts: number }>(
        'SELECT id, kind, leased_by AS holder, leased_until AS until, attempts FROM work_items INDEXED BY work_leased WHERE leased_until IS NOT NULL AND leased_by IS NOT NULL',
      ),
      cancel: db.prepare<[string]>("UPDATE work_items SET status = 'cancelled', due_at = NULL, leased_by = NULL, leased_until = NULL WHERE id = ? AND status = 'pending'"),
      reschedule: db.prepare<[number, string]>("UPDATE work_items SET status = 'pending', due_at = ? WHERE id = ?"),
      get: db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM work_items WHERE id = ?`),
      listOfKind: db.prepare<ListParameters, Row>(
        `SELECT ${COLUMNS} FROM work_items INDEXED BY work_of_kind_in_order WHERE kind = @kind AND (@status IS NULL OR status = @status)
         ORDER BY sort_key DESC, id DESC LIMIT CAST(@limit AS INTEGER)`,
      ),
      listOfGroup: db.prepare<ListParameters & { group: string }, Row>(
        `SELECT ${COLUMNS} FROM work_items INDEXED BY work_in_order WHERE kind = @kind AND group_key = @group AND (@status IS NULL OR status = @status)
         ORDER BY sort_key DESC, id DESC LIMIT CAST(@limit AS INTEGER)`,
      ),
      // The expression and the condition are the index's own, so that the oldest settled items are found by it.
      removeSettled: db.prepare<[number, number]>(
        `DELETE FROM work_items WHERE sequence IN (
           SELECT sequence FROM work_items INDEXED BY work_settled
           WHERE status <> 'pending' AND coalesce(last_attempt_at, created_at) < ?
           ORDER BY coalesce(last_attempt_at, created_at) LIMIT CAST(? AS INTEGER))`,
      ),
      backlog: db.prepare<[], { kind: string; pending: number; oldest: number | null }>(
        "SELECT kind, COUNT(*) AS pending, MIN(due_at) AS oldest FROM work_items INDEXED BY work_pending WHERE status = 'pending' GROUP BY kind",
      ),
    };
    this.recordTransaction = db.transaction((items: readonly NewWork[]) => {
      for (const item of items) {
        const { id, kind, group, order, payload, dueAt, createdAt } = item;
        this.statements.insert.run(id, kind, group, order, JSON.stringify(payload), 'pending', 0, dueAt.getTime(), null, null, null, createdAt.getTime());
      }
    });
    this.adoptTransaction = db.transaction((items: readonly WorkItem[]) => {
      for (const item of items) {
        this.statements.insert.run(
          item.id,
          item.kind,
          item.group,
          item.order,
          JSON.stringify(item.payload),
          item.status,
          item.attempts,
          item.dueAt?.getTime() ?? null,
          item.lastAttemptAt?.getTime() ?? null,
          item.lastCode,
          item.lastError,
          item.createdAt.getTime(),
        );
      }
    });
    this.claimTransaction = db.transaction((kind: string, { holder, now, ttlMs }: WorkLease, limit: number): Row[] => {
      const parameters = { kind, now: now.getTime(), limit };
      const rows = [...this.statements.dueAlone.all(parameters), ...this.statements.dueInGroups.all(parameters)].sort(inOrder).slice(0, limit);
      for (const row of rows) this.statements.lease.run(holder, now.getTime() + ttlMs, row.id);
      return rows;
    });
  }

  static open(file: string): SqliteWorkStore {
    // An item lost to a power cut is recorded again: the feed's checkpoint that called for it moves back with it.
    const db = openWalDatabase(file, { synchronous: 'NORMAL' });
    try {
      return new SqliteWorkStore(db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  async record(items: readonly NewWork[]): Promise<void> {
    if (items.length > 0) this.recordTransaction(items);
  }

  async adopt(items: readonly WorkItem[]): Promise<void> {
    if (items.length > 0) this.adoptTransaction(items);
  }

  async claimDue(kind: string, lease: WorkLease, limit: number): Promise<WorkItem[]> {
    if (limit <= 0) return [];
    return this.claimTransaction.immediate(kind, lease, limit).map(toItem);
  }

  async release(id: string, holder: string): Promise<void> {
    this.statements.release.run(id, holder);
  }

  async complete(id: string, attempt: Attempt): Promise<void> {
    this.statements.settle.run('done', null, attempt.at.getTime(), attempt.code, attempt.error, id);
  }

  async fail(id: string, attempt: Attempt, retryAt: Date | null): Promise<void> {
    this.statements.settle.run(retryAt === null ? 'dead' : 'pending', retryAt?.getTime() ?? null, attempt.at.getTime(), attempt.code, attempt.error, id);
  }

  async held(): Promise<HeldItem[]> {
    return this.statements.held.all().map((row) => ({ ...row, until: new Date(row.until) }));
  }

  async failLeft(id: string, holder: string, attempt: Attempt, retryAt: Date | null): Promise<void> {
    this.statements.settleLeft.run(retryAt === null ? 'dead' : 'pending', retryAt?.getTime() ?? null, attempt.at.getTime(), attempt.code, attempt.error, id, holder);
  }

  async cancel(id: string): Promise<void> {
    this.statements.cancel.run(id);
  }

  async reschedule(id: string, at: Date): Promise<void> {
    this.statements.reschedule.run(at.getTime(), id);
  }

  async get(id: string): Promise<WorkItem | null> {
    const row = this.statements.get.get(id);
    return row ? toItem(row) : null;
  }

  async list({ kind, group, status, limit }: WorkQuery): Promise<WorkItem[]> {
    const parameters = { kind, status: status ?? null, limit };
    const rows = group === undefined ? this.statements.listOfKind.all(parameters) : this.statements.listOfGroup.all({ ...parameters, group });
    return rows.map(toItem);
  }

  async backlog(): Promise<KindBacklog[]> {
    return this.statements.backlog.all().map((row) => ({ kind: row.kind, pending: row.pending, oldestDueAt: dateOrNull(row.oldest) }));
  }

  async removeSettled(before: Date, limit: number): Promise<number> {
    if (limit <= 0) return 0;
    return this.statements.removeSettled.run(before.getTime(), limit).changes;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

function inOrder(a: Row, b: Row): number {
  return compareText(a.sort_key, b.sort_key) || compareText(a.id, b.id);
}

/** As SQLite's BINARY collation orders the ASCII text of keys and ids, so the merge keeps the statements' order. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

function toItem(row: Row): WorkItem {
  const payload: unknown = JSON.parse(row.payload);
  return {
    id: row.id,
    kind: row.kind,
    group: row.group_key,
    order: row.sort_key,
    payload,
    status: statusOf(row.status),
    attempts: row.attempts,
    dueAt: dateOrNull(row.due_at),
    lastAttemptAt: dateOrNull(row.last_attempt_at),
    lastCode: row.last_code,
    lastError: row.last_error,
    createdAt: new Date(row.created_at),
  };
}

function statusOf(value: string): WorkStatus {
  const status = WORK_STATUSES.find((candidate) => candidate === value);
  if (status === undefined) throw new Error(`Work item row has an unknown status '${value}'`);
  return status;
}
