/**
 * Runs a scan for due work (items the store hands out under a lease) on a timer and whenever woken. A
 * wake that arrives while a scan runs is folded into one more scan after it, so a burst of wakes never
 * stacks scans and none is missed.
 */
interface DueWorkScanOptions {
  pollIntervalMs: number;
  onError: (error: unknown) => void;
}

export class DueWorkScans {
  private pollTimer: NodeJS.Timeout | null = null;
  private scanning: Promise<void> | null = null;
  private scanAgain = false;
  private stoppedFlag = false;

  constructor(
    private readonly scan: () => Promise<void>,
    private readonly options: DueWorkScanOptions,
  ) {}

  get stopped(): boolean {
    return this.stoppedFlag;
  }

  start(): void {
    this.pollTimer = setInterval(() => this.wake(), this.options.pollIntervalMs);
    this.pollTimer.unref();
    this.wake();
  }

  wake(): void {
    if (this.stoppedFlag) return;
    if (this.scanning) {
      this.scanAgain = true;
      return;
    }
    this.scanning = this.scan()
      .catch(this.options.onError)
      .finally(() => {
        this.scanning = null;
        if (this.scanAgain) {
          this.scanAgain = false;
          this.wake();
        }
      });
  }

  /** No scan starts after this; the one running (if any) is waited for. */
  async stop(): Promise<void> {
    this.stoppedFlag = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    await this.scanning;
  }
}
