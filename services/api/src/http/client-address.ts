import type { Request } from 'express';

/**
 * Who is asking when no credential says so: the socket's peer address. The service does not sit behind a
 * trusted proxy unless one is configured, so X-Forwarded-For is not believed.
 */
export function clientAddressOf(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}
