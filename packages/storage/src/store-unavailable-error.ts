/**
 * A store that cannot be reached now (its server is down, the network is cut). Adapters turn their
 * driver's connectivity errors into this, so the HTTP layer can answer 503 and a follower can retry,
 * without knowing which store it was.
 */
export class StoreUnavailableError extends Error {
  constructor(
    readonly store: string,
    options?: { cause?: unknown },
  ) {
    super(`The ${store} is unavailable`, options);
    this.name = 'StoreUnavailableError';
  }
}
