/** Runs tasks one after another: the live feed and a generation's promotion never interleave. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<Result>(task: () => Promise<Result>): Promise<Result> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
