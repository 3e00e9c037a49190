/**
 * Converts the distributed delivery store of before the work store (`webhook_deliveries`, leases in
 * `webhook_leases`) once, when the stores open: its deliveries, pending or done, become work items.
 */
import type { WorkStore } from '@passes/background-work';
import { convertMongoCollection } from '@passes/background-work/distributed';
import type { Db } from 'mongodb';
import { z } from 'zod';
import { legacyDeliveryItem } from './legacy-delivery';

const deliveryDocument = z.object({
  _id: z.string(),
  webhookId: z.string(),
  businessId: z.string(),
  event: z.string(),
  body: z.string(),
  position: z.string(),
  status: z.string(),
  attempts: z.number(),
  lastAttemptAt: z.date().nullable(),
  lastResponseCode: z.number().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.date().nullable(),
  createdAt: z.date(),
});

export function convertMongoDeliveries(db: Db, work: WorkStore): Promise<void> {
  return convertMongoCollection(db, work, {
    collection: 'webhook_deliveries',
    alsoDrop: ['webhook_leases'],
    toItem: (document) => {
      const { _id, ...delivery } = deliveryDocument.parse(document);
      return legacyDeliveryItem({ id: _id, ...delivery });
    },
  });
}
