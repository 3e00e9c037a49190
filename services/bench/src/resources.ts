/**
 * What the run has started or created, released in reverse order whether the run succeeds, fails or is
 * interrupted, so no child process or temporary directory outlives it.
 */
export class Resources {
  private readonly releases: Array<() => Promise<void> | void> = [];

  defer(release: () => Promise<void> | void): void {
    this.releases.push(release);
  }

  /**
   * Runs `work` with resources of its own, released as soon as it ends: a section's servers stop before
   * the next section measures anything. On Ctrl-C in the middle, the parent releases them.
   */
  async scoped<T>(work: (resources: Resources) => Promise<T>): Promise<T> {
    const own = new Resources();
    this.defer(() => own.release());
    try {
      return await work(own);
    } finally {
      await own.release();
    }
  }

  async release(): Promise<void> {
    // Taking each release off the list first makes a second call (e.g. Ctrl-C during cleanup) a no-op.
    for (let release = this.releases.pop(); release; release = this.releases.pop()) {
      try {
        await release();
      } catch (error: unknown) {
        process.stderr.write(`cleanup failed: ${String(error)}\n`);
      }
    }
  }
}
