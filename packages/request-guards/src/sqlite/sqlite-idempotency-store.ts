/**
 * Idempotency-Key records of the embedded profile, in their own SQLite file. The claims and completions
 * made in the same turn of the event loop share one commit: with a key on every POST, each request fsynced
 * this file twice on its own, and each keyed request waited for both.
 *
 * The file is one server process's (the embedded profile runs one), so a claim still running that another
 * opening of the file made belongs to a process that is gone (killed mid-request): it is taken over at
 * once, and a restart never answers 409 for a request nothing runs.
 */
import { randomUUID } from 'node:crypto';
import { GroupCommit, openWalDatabase } from '@passes/storage';
import type Database from 'better-sqlite3';
import type {
  IdempotencyClaim,
  IdempotencyRequest,
  IdempotencyStore,
  IdempotencyTimings,
  StoredResponse,
} from '../idempotency/idempotency-store';

/** `owner`: the opening of the file whose request holds a claim still running. */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS idempotency_keys (
    scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL,
    created_at INTEGER NOT NULL, claimed_at INTEGER NOT NULL,
    status INTEGER, body TEXT, owner TEXT,
    PRIMARY KEY (scope, key));
  CREATE INDEX IF NOT EXISTS idempotency_keys_by_age ON idempotency_keys (created_at);
`;

interface KeyRow {
  fingerprint: string;
  created_at: number;
  status: number | null;
  body: string | null;
  owner: string | null;
}

export class SqliteIdempotencyStore implements IdempotencyStore {
  private readonly statements;
  private readonly writes: GroupCommit;
  /** This opening of the file: this process. */
  private readonly owner = randomUUID();

  private constructor(
    private readonly db: Database.Database,
    private readonly timings: Pick<IdempotencyTimings, 'ttlMs'>,
  ) {
    db.exec(SCHEMA);
    // Files made before claims named their owner: their running claims have none, so any process takes them over.
    const columns = db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('idempotency_keys')").all();
    if (!columns.some((column) => column.name === 'owner')) db.exec('ALTER TABLE idempotency_keys ADD COLUMN owner TEXT');
    this.statements = {
      get: db.prepare<[string, string], KeyRow>('SELECT fingerprint, created_at, status, body, owner FROM idempotency_keys WHERE scope = ? AND key = ?'),
      claim: db.prepare<[string, string, string, number, number, string]>(
        `INSERT INTO idempotency_keys (scope, key, fingerprint, created_at, claimed_at, owner) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, created_at = excluded.created_at,
           claimed_at = excluded.claimed_at, status = NULL, body = NULL, owner = excluded.owner`,
      ),
      takeOver: db.prepare<[number, string, string, string]>('UPDATE idempotency_keys SET claimed_at = ?, owner = ? WHERE scope = ? AND key = ?'),
      complete: db.prepare<[number, string, string, string]>('UPDATE idempotency_keys SET status = ?, body = ? WHERE scope = ? AND key = ?'),
      release: db.prepare<[string, string]>('DELETE FROM idempotency_keys WHERE scope = ? AND key = ? AND status IS NULL'),
      purge: db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_at <= ?'),
    };
    this.writes = new GroupCommit(db);
  }

  /** A completed record must outlive a power cut: it was written before its response was sent. */
  static open(file: string, timings: Pick<IdempotencyTimings, 'ttlMs'>): SqliteIdempotencyStore {
    return new SqliteIdempotencyStore(openWalDatabase(file, { synchronous: 'FULL' }), timings);
  }

  async claim(request: IdempotencyRequest): Promise<IdempotencyClaim> {
    return this.writes.submit(() => this.claimNow(request));
  }

  async complete(scope: string, key: string, response: StoredResponse): Promise<void> {
    await this.writes.submit(() => this.statements.complete.run(response.status, response.body, scope, key));
  }

  async release(scope: string, key: string): Promise<void> {
    this.statements.release.run(scope, key);
  }

  async purge(now: Date): Promise<number> {
    return this.statements.purge.run(now.getTime() - this.timings.ttlMs).changes;
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    this.writes.flush();
    this.db.close();
  }

  private claimNow({ scope, key, fingerprint, now }: IdempotencyRequest): IdempotencyClaim {
    const at = now.getTime();
    const row = this.statements.get.get(scope, key);
    if (!row || row.created_at + this.timings.ttlMs <= at) {
      this.statements.claim.run(scope, key, fingerprint, at, at, this.owner);
      return { outcome: 'claimed' };
    }
    if (row.fingerprint !== fingerprint) return { outcome: 'mismatch' };
    if (row.status !== null && row.body !== null) return { outcome: 'replay', response: { status: row.status, body: row.body } };
    if (row.owner === this.owner) return { outcome: 'in_progress' };
    this.statements.takeOver.run(at, this.owner, scope, key);
    return { outcome: 'claimed' };
  }
}
