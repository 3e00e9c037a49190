/** How reservation events are stored (events/event-registry.ts). */
import { z } from 'zod';
import { occurredAt } from '../events/event-fields';
import type { EventRegistry } from '../events/event-registry';
import type { ReservationEvent } from './reservation';

const claim = z.object({ value: z.string(), owner_id: z.string(), occurred_at: occurredAt });

export const reservationEvents: EventRegistry<ReservationEvent> = {
  ValueReserved: { version: 1, schema: claim },
  ValueReleased: { version: 1, schema: claim },
};
