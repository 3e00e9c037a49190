/** The customer link's token, from `?token=`; absent or repeated counts as none (the answer is 401 either way). */
import type { Request } from 'express';

export function linkTokenOf(request: Request): string | undefined {
  const token = request.query['token'];
  return typeof token === 'string' ? token : undefined;
}
