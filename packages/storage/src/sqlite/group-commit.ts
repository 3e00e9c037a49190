/**
 * Group commit for a SQLite store whose writes must survive a power cut (`synchronous = FULL`): writes
 * submitted in the same turn of the event loop share one transaction, and so one fsync, which is what such
 * a write costs most. Each write runs in its own savepoint, so one that fails (a wrong expected revision)
 * rolls back alone and rejects alone. Nothing resolves before the shared commit: an acknowledged write is
 * as durable as one committed alone.
 */
import type Database from 'better-sqlite3';

interface Queued<Input, Output> {
  input: Input;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}

type Outcome<Output> = { ok: true; value: Output } | { ok: false; error: unknown };

export class GroupCommit<Input, Output> {
  private queue: Queued<Input, Output>[] = [];
  private scheduled = false;
  private readonly writeBatch: Database.Transaction<(batch: Queued<Input, Output>[]) => Outcome<Output>[]>;

  constructor(
    db: Database.Database,
    writeOne: (input: Input) => Output,
    private readonly afterCommit: () => void,
  ) {
    // Called inside the outer transaction, a better-sqlite3 transaction function runs as a savepoint.
    const inSavepoint = db.transaction(writeOne);
    this.writeBatch = db.transaction((batch) =>
      batch.map((item): Outcome<Output> => {
        try {
          return { ok: true, value: inSavepoint(item.input) };
        } catch (error) {
          return { ok: false, error };
        }
      }),
    );
  }

  submit(input: Input): Promise<Output> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
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
      // IMMEDIATE takes the write lock before any revision is read, so no other process can slip in.
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
