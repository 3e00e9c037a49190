/** A projection for specs of the projector's machinery: counts each stream's events of one type. */
import { z } from 'zod';
import type { Projection } from '../projections/projection';

export const tally = z.object({ count: z.number() });

export function tallyOf(collection: string, type: string): Projection {
  const projection: Projection<z.infer<typeof tally>> = {
    collection,
    version: 1,
    schema: tally,
    indexes: [],
    eventTypes: new Set([type]),
    documentId: (event) => event.stream,
    revisionAfter: (current, event) => (current !== undefined && current.revision >= event.revision ? null : event.revision),
    startsDocument: () => false,
    apply: (doc) => ({ count: (doc?.count ?? 0) + 1 }),
    keys: () => ({}),
  };
  return projection as Projection;
}
