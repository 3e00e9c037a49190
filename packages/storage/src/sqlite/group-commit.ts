/**
 * Group commit for a SQLite store whose writes must survive a power cut (`synchronous = FULL`): writes
 * submitted in the same turn of the event loop share one transaction, and so one fsync, which is what such
 * a write costs most. Each write runs in its own savepoint, so one that fails (a wrong expected revision)
 * rolls back alone and rejects alone. Nothing resolves before the shared commit: an acknowledged write is
 * as durable as one committed alone.
 */
import type Database from 'better-sqlite3';

interface Queued {
  write: () => unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export class GroupCommit {
  private queue: Queued[] = [];
  private scheduled = false;
  private readonly writeBatch: Database.Transaction<(batch: Queued[]) => Outcome[]>;

  constructor(
    db: Database.Database,
    private readonly afterCommit: () => void = () => undefined,
  ) {
    // Called inside the outer transaction, a better-sqlite3 transaction function runs as a savepoint.
    const inSavepoint = db.transaction((write: () => unknown) => write());
    this.writeBatch = db.transaction((batch) =>
      batch.map((item): Outcome => {
        try {
          return { ok: true, value: inSavepoint(item.write) };
        } catch (error) {
          return { ok: false, error };
        }
      }),
    );
  }

  /** Runs `write` in the next shared transaction; resolves with what it returned once that is committed. */
  submit<Output>(write: () => Output): Promise<Output> {
    return new Promise<Output>((resolve, reject) => {
      // The queue holds writes of any output; each item's resolve gets exactly its own write's.
      this.queue.push({ write, resolve: resolve as (output: unknown) => void, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  /** Writes whatever is queued now; called on the next turn, and before the database closes. */
  flush(): void {
    const batch = this.queue;
    this.queue = [];
    this.scheduled = false;
    if (batch.length === 0) return;
    let outcomes: Outcome[];
    try {
      // IMMEDIATE takes the write lock before anything is read, so no other process can slip in.
      outcomes = this.writeBatch.immediate(batch);
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    this.afterCommit();
    outcomes.forEach((outcome, index) => {
      const item = batch[index];
      if (!item) return;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }
}
