/**
 * A failure in words, for a worker thread to post: an error thrown across threads arrives as whatever the
 * receiving realm makes of it, its message sometimes lost.
 */
export function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
