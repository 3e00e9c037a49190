/**
 * Runs the calls made under one key one after the other, each once the one before has settled. A plan's
 * allowance is counted from a read model, which learns of a creation once it is projected: creations one
 * after another, each awaited until projected, always count the one before, so two racing creations
 * cannot both take Free's last place.
 */
export class OneAtATime {
  private readonly running = new Map<string, Promise<unknown>>();

  run<Result>(key: string, call: () => Promise<Result>): Promise<Result> {
    const result = (this.running.get(key) ?? Promise.resolve()).then(call);
    const settled = result.catch(() => undefined);
    this.running.set(key, settled);
    void settled.then(() => {
      if (this.running.get(key) === settled) this.running.delete(key);
    });
    return result;
  }
}
