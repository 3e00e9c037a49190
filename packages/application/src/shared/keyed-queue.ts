/**
 * Runs tasks one after another per key, and tasks of different keys side by side: commands on one
 * stream wait for each other inside this process instead of losing their appends to each other.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<Result>(key: string, task: () => Promise<Result>): Promise<Result> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    // The last task of a key forgets the key, so idle streams cost nothing.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task running or waiting, for tests of the forgetting. */
  get activeKeys(): number {
    return this.tails.size;
  }
}
