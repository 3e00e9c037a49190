/** Request bodies are parsed by their zod schema; a failure becomes 422 with one detail per problem. */
import { DomainError } from '@passes/domain';
import type { Request } from 'express';
import type { z } from 'zod';
import { ApiError, type ErrorDetail } from './api-error';

export function parseBody<Schema extends z.ZodType>(schema: Schema, request: Request): z.infer<Schema> {
  if (request.body === undefined) {
    throw new ApiError('unsupported_media_type', 'Send the request body as JSON with Content-Type: application/json');
  }
  const result = schema.safeParse(request.body);
  if (result.success) return result.data;
  throw new ApiError('validation_error', 'Request body failed validation', detailsOf(result.error));
}

/**
 * A route that takes no body refuses one with fields (422 naming each), rather than ignoring what the caller
 * meant: `{"send_at": …}` sent to a campaign's `send` would otherwise send it now. No body and `{}` are fine.
 */
export function takeNoBody(request: Request, hint = 'this request takes no body'): void {
  const body: unknown = request.body;
  if (body === undefined) return;
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.keys(body) : [''];
  if (fields.length === 0) return;
  throw new ApiError('validation_error', 'Request body failed validation', fields.map((path) => ({ path, message: `is not a field: ${hint}` })));
}

/**
 * One item of a bulk body: its value, or the refusal that becomes that item's error. Paths in the details
 * are relative to the item (`customer_email`, not `passes.3.customer_email`): the result names the item.
 */
export function parseBulkItem<Schema extends z.ZodType>(schema: Schema, item: unknown): { body: z.infer<Schema> } | { refusal: DomainError } {
  const result = schema.safeParse(item);
  if (result.success) return { body: result.data };
  return { refusal: new DomainError('validation_error', 'Item failed validation', { issues: detailsOf(result.error) }) };
}

function detailsOf(error: z.ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}
