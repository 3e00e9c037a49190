/** Waiting for another process to get somewhere, by asking it again and again. */

interface PollOptions {
  /** What is awaited, for the error when it does not happen. */
  what: string;
  timeoutMs: number;
  intervalMs: number;
}

/** Resolves once `reached` answers true; throws when `timeoutMs` passes first. */
export async function pollUntil(reached: () => Promise<boolean>, { what, timeoutMs, intervalMs }: PollOptions): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await reached())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
