/**
 * The checkpointer tries again at every interval (every few milliseconds), so a failure that lasts (a full
 * disk) would fail every try: it is told once, and again only once it has changed or a try has succeeded
 * in between.
 */
export class RepeatedFailures {
  private last: string | null = null;

  constructor(private readonly tell: (message: string) => void) {}

  failed(message: string): void {
    if (message === this.last) return;
    this.last = message;
    this.tell(message);
  }

  succeeded(): void {
    this.last = null;
  }
}
