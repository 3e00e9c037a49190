/** What each refusal status means across the API (docs/api.md, Errors), and the body it carries. */
import type { z } from 'zod';
import { errorResponse, planRefusalResponse } from '../error-responses';

export interface Refusal {
  description: string;
  body: z.ZodType;
  retryAfter?: boolean;
}

export const REFUSALS: Readonly<Record<number, Refusal>> = {
  400: {
    description:
      '`bad_request`: malformed JSON, a missing or malformed query parameter, a malformed percent-encoding in the path or a malformed Idempotency-Key; `insufficient_points`; `insufficient_funds`',
    body: errorResponse,
  },
  401: { description: '`unauthorized`: missing, invalid, expired or revoked credentials; a wrong login or link token', body: errorResponse },
  402: { description: '`pro_feature`: the plan lacks the feature or its limit is reached (flat body)', body: planRefusalResponse },
  403: {
    description: "`forbidden`: another business's path, an API key on a dashboard-only route, a key without the scope the method needs, or a user whose role does not allow the action",
    body: errorResponse,
  },
  404: { description: '`not_found`: no such pass, template, webhook, delivery or key in the scope of the credentials', body: errorResponse },
  409: {
    description:
      '`conflict`: already in use, or, with `Retry-After`, a request with the same Idempotency-Key still running or a record other writers kept changing; `invalid_state`: the status does not allow the move. Never replayed under an Idempotency-Key',
    body: errorResponse,
    retryAfter: true,
  },
  413: { description: '`payload_too_large`: a body over 1 MiB', body: errorResponse },
  415: { description: '`unsupported_media_type`: a body that is not UTF-8 `application/json`', body: errorResponse },
  422: { description: '`validation_error` with `details: [{path, message}]`; `idempotency_mismatch`: an Idempotency-Key reused for another request', body: errorResponse },
  429: { description: '`rate_limited`; `scan_cooldown` for a check-in the scan cooldown blocks', body: errorResponse, retryAfter: true },
  503: { description: '`service_unavailable`: a store the request needs cannot be reached right now', body: errorResponse, retryAfter: true },
};
