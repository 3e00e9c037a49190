/** One operation of the HTTP API as the OpenAPI document describes it: where it is, who may call it, what goes in and out. */
import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/**
 * Who may call: nobody in particular (`public`), a business's API key or dashboard login (`credential`),
 * or only a dashboard login (`dashboard`). Authenticated operations can answer 401, 402 and 403.
 */
export type Access = 'public' | 'credential' | 'dashboard';

export interface Answer {
  description: string;
  /** The JSON body; none for an empty answer (204). */
  body?: z.ZodType;
  /** The body's media type when it is not JSON (a CSV file): `body` is then its text. */
  mediaType?: string;
}

export interface ApiOperation {
  method: HttpMethod;
  /** The full path as an OpenAPI template (`/api/v1/businesses/{business_id}/passes`). */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** An object schema whose properties are the query parameters. */
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A body of bytes instead of JSON (an image): the media types it may have. */
  binaryBody?: readonly string[];
  /** Success answers, by status. */
  answers: Readonly<Record<number, Answer>>;
  /** Refusals this operation has beyond those its method, access, path and body imply (see openapi-document.ts). */
  refusals?: readonly number[];
}
