/** Request bodies are parsed by their zod schema; a failure becomes 422 with one detail per problem. */
import type { Request } from 'express';
import type { z } from 'zod';
import { ApiError } from './api-error';

export function parseBody<Schema extends z.ZodType>(schema: Schema, request: Request): z.infer<Schema> {
  if (request.body === undefined) {
    throw new ApiError('unsupported_media_type', 'Send the request body as JSON with Content-Type: application/json');
  }
  const result = schema.safeParse(request.body);
  if (result.success) return result.data;
  throw new ApiError(
    'validation_error',
    'Request body failed validation',
    result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  );
}
