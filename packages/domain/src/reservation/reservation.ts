/**
 * A claim on a unique value (a pass's external_id within a business, a user's email), kept in a stream
 * of its own because the event store has no multi-stream transactions or unique indexes.
 */
export type ReservationEvent =
  | { type: 'ValueReserved'; data: { value: string; owner_id: string; occurred_at: string } }
  | { type: 'ValueReleased'; data: { value: string; owner_id: string; occurred_at: string } };

export type ReservationCommand =
  | {
      type: 'Reserve';
      value: string;
      /** What callers call the value (`external_id`, `email`), so a conflict message can name it. */
      field?: string;
      ownerId: string;
      /**
       * Whether the current holder (if another owner) is known to hold the value: checked by the caller
       * against the holder's own stream. An unconfirmed claim is one whose owner crashed before writing.
       */
      holderConfirmed: boolean;
      now: Date;
    }
  | { type: 'Release'; ownerId: string; now: Date };

interface Reservation {
  value: string;
  ownerId: string | null;
  reservedAt: string | null;
}

export type ReservationState = Reservation | null;

/** How long an unconfirmed claim is honoured before another owner may take the value over. */
export const UNCONFIRMED_RESERVATION_GRACE_MS = 30_000;

/** What a conflict on a value says: `external_id 'crm-1' is already in use.`, or the value alone without a field. */
export function inUseMessage(value: string, field?: string): string {
  const named = field === undefined ? `'${value}'` : `${field} '${value}'`;
  return `${named} is already in use.`;
}
