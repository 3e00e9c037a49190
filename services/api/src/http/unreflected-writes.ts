/**
 * A write the read models did not reflect within the read-your-writes bound (a projector far behind, or
 * down): it is durable, but a read right after it may not see it. Its answer keeps its body (the resource
 * as the command decided it) and says so: 202 Accepted instead of 200 or 201, with Retry-After, so a client
 * can tell such an answer from one whose write it can read back at once (docs/api.md).
 */
import type { Response } from 'express';

/** Seconds after which a read of the write is worth trying. */
const RETRY_AFTER_SECONDS = '1';

/**
 * What tells the request's answer that its command answered before the read models reflected it
 * (CommandContext.onUnreflected). It holds the answer's locals, not the response: the context is held by the
 * frames of every step a command goes through, and the garbage collector's young generation keeps whatever
 * those frames reach while any of them has been moved to the old one, so a response reached from the
 * context (with its request and socket) would be copied on every collection instead of a small record.
 */
export function markerOfUnreflected(response: Response): () => void {
  const locals = response.locals;
  return () => {
    locals['unreflected'] = true;
  };
}

/** Turns the answer of an unreflected write into 202 with Retry-After; run just before a JSON answer is recorded and sent. */
export function settleUnreflected(response: Response): void {
  if (response.locals['unreflected'] !== true || (response.statusCode !== 200 && response.statusCode !== 201)) return;
  response.statusCode = 202;
  response.setHeader('Retry-After', RETRY_AFTER_SECONDS);
}
