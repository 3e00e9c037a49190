/**
 * Runs tasks of one key one after another in this process (each creation that a limit counts from the read
 * model waits for the one before it to be projected), tasks of other keys side by side.
 */
export class OneAtATime {
  private readonly running = new Map<string, Promise<unknown>>();

  run<Result>(key: string, task: () => Promise<Result>): Promise<Result> {
    const result = (this.running.get(key) ?? Promise.resolve()).then(task);
    const settled = result.catch(() => undefined);
    this.running.set(key, settled);
    void settled.then(() => {
      if (this.running.get(key) === settled) this.running.delete(key);
    });
    return result;
  }
}
