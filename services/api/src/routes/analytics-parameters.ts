/** The analytics query's dates as the route reads them: missing or not shaped YYYY-MM-DD → 400 (a date that is no day → 422, from the application). */
import type { Request } from 'express';
import { ApiError } from '../http/api-error';
import { optionalParameter } from '../http/query-parameters';

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

export function analyticsDate(request: Request, name: 'from' | 'to'): string {
  const text = optionalParameter(request, name);
  if (text === null || !DATE_SHAPE.test(text)) throw new ApiError('bad_request', `Query parameter '${name}' is required, a date as YYYY-MM-DD`);
  return text;
}
