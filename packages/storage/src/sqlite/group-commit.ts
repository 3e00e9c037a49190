/**
 * Group commit for a SQLite store whose writes must survive a power cut (`synchronous = FULL`): writes
 * submitted in the same turn of the event loop share one transaction, and so one fsync, which is what such
 * a write costs most. Each write runs in its own savepoint (or is a single statement, which SQLite undoes
 * alone), so one that fails (a wrong expected revision) rolls back alone and rejects alone. Nothing resolves
 * before the shared commit: an acknowledged write is as durable as one committed alone.
 */
import type Database from 'better-sqlite3';

interface Queued<Output> {
  write: () => Output;
  singleStatement: boolean;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}

type Outcome<Output> = { ok: true; value: Output } | { ok: false; error: unknown };

/** `Output` is what every write returns; `afterCommit` is told what the writes of each committed batch returned. */
export class GroupCommit<Output = unknown> {
  private queue: Queued<Output>[] = [];
  private scheduled = false;
  private readonly writeBatch: Database.Transaction<(batch: Queued<Output>[]) => Outcome<Output>[]>;

  constructor(
    db: Database.Database,
    private readonly afterCommit: (committed: Output[]) => void = () => undefined,
  ) {
    // Called inside the outer transaction, a better-sqlite3 transaction function runs as a savepoint.
    const inSavepoint = db.transaction((write: () => Output) => write());
    this.writeBatch = db.transaction((batch) =>
      batch.map((item): Outcome<Output> => {
        try {
          return { ok: true, value: item.singleStatement ? item.write() : inSavepoint(item.write) };
        } catch (error) {
          return { ok: false, error };
        }
      }),
    );
  }

  /**
   * Runs `write` in the next shared transaction; resolves with what it returned once that is committed.
   * `singleStatement`: the write changes the file with one statement at most, after which it cannot fail, so
   * a failure leaves nothing to undo (SQLite undoes a failed statement itself) and it needs no savepoint,
   * which would cost every such write two statements more.
   */
  submit<Written extends Output>(write: () => Written, { singleStatement = false }: { singleStatement?: boolean } = {}): Promise<Written> {
    return new Promise<Written>((resolve, reject) => {
      // Each item's resolve gets exactly its own write's output, a Written.
      this.queue.push({ write, singleStatement, resolve: resolve as (output: Output) => void, reject });
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
    let outcomes: Outcome<Output>[];
    try {
      // IMMEDIATE takes the write lock before anything is read, so no other process can slip in.
      outcomes = this.writeBatch.immediate(batch);
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    this.afterCommit(outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value] : [])));
    outcomes.forEach((outcome, index) => {
      const item = batch[index];
      if (!item) return;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }
}
