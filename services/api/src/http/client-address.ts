import type { Request } from 'express';

/**
 * Who is asking when no credential says so: the socket's peer address, or, behind proxies that
 * PASSES_TRUST_PROXY trusts, the client they name in X-Forwarded-For (express's `trust proxy`). Without
 * that setting X-Forwarded-For is not believed.
 */
export function clientAddressOf(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}
