/** A bounded map: past its capacity, the entry used least recently is forgotten. */
export class LeastRecentlyUsed<Value> {
  private readonly entries = new Map<string, Value>();

  constructor(private readonly capacity: number) {}

  get(key: string): Value | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Map keeps insertion order: moving the key to the end makes it the most recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Value): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size <= this.capacity) return;
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.entries.delete(oldest.value);
  }
}
