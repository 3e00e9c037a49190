/**
 * Bodies of the bulk endpoints (spec 2 and 5). The envelope is checked as a whole; each item is checked
 * on its own by its item schema, so one bad item is that item's error, not a 422 for the batch.
 */
import { z } from 'zod';
import { MAX_EXTERNAL_ID_LENGTH } from './field-limits';
import { updatePassBody } from './pass-bodies';

export const MAX_BULK_ITEMS = 500;

export const bulkBody = z.strictObject({
  passes: z
    .array(z.unknown())
    .min(1, 'must hold at least 1 item')
    .max(MAX_BULK_ITEMS, `must hold at most ${MAX_BULK_ITEMS} items`),
});

/** An item of a bulk update: the pass to change (id, serial_number or external_id) and the fields of a single PATCH. */
export const bulkUpdateItem = updatePassBody.extend({
  identifier: z.string().min(1, 'must not be empty').max(MAX_EXTERNAL_ID_LENGTH, `must be at most ${MAX_EXTERNAL_ID_LENGTH} characters`),
});
export type BulkUpdateItem = z.infer<typeof bulkUpdateItem>;
