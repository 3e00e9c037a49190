/** The bulk result (docs/api.md, Bulk): totals and one entry per item, in request order. */
import { z } from 'zod';
import { errorDetail } from './error-responses';

const itemError = z.strictObject({
  /** `validation_error`, `not_found`, `invalid_state`, `duplicate_external_id`, `conflict`, `service_unavailable` or `internal_error`. */
  code: z.string(),
  message: z.string(),
  details: z.array(errorDetail).optional(),
});

const bulkResult = <Status extends string, PassRef extends z.ZodType>(status: Status, pass: PassRef) =>
  z.strictObject({
    total: z.int().min(0),
    succeeded: z.int().min(0),
    failed: z.int().min(0),
    results: z.array(
      z.union([
        z.strictObject({ index: z.int().min(0), status: z.literal(status), pass }),
        z.strictObject({ index: z.int().min(0), status: z.literal('error'), error: itemError }),
      ]),
    ),
  });

export const bulkIssueResponse = bulkResult('created', z.strictObject({ id: z.string(), serial_number: z.string() }));
export type BulkIssueResponse = z.infer<typeof bulkIssueResponse>;

export const bulkUpdateResponse = bulkResult('updated', z.strictObject({ id: z.string() }));
export type BulkUpdateResponse = z.infer<typeof bulkUpdateResponse>;
