/**
 * Claims on unique values. A claim is written before the owner's own stream, so an owner that crashed in
 * between leaves a claim nobody holds; after a grace period another owner may take it over.
 */
import { assertNever, type Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import {
  inUseMessage,
  UNCONFIRMED_RESERVATION_GRACE_MS,
  type ReservationCommand,
  type ReservationEvent,
  type ReservationState,
} from './reservation';

function decideReservation(command: ReservationCommand, state: ReservationState): ReservationEvent[] {
  const occurred_at = command.now.toISOString();
  switch (command.type) {
    case 'Reserve': {
      const reserved: ReservationEvent = { type: 'ValueReserved', data: { value: command.value, owner_id: command.ownerId, occurred_at } };
      if (state === null || state.ownerId === null) return [reserved];
      if (state.ownerId === command.ownerId) return [];
      if (isHeld(state.reservedAt, command.holderConfirmed, command.now)) {
        throw new DomainError('conflict', inUseMessage(command.value, command.field), { field: command.field ?? null, value: command.value });
      }
      return [reserved];
    }
    case 'Release':
      if (state === null || state.ownerId !== command.ownerId) return [];
      return [{ type: 'ValueReleased', data: { value: state.value, owner_id: command.ownerId, occurred_at } }];
    default:
      return assertNever(command);
  }
}

/** A confirmed holder keeps the value for good; an unconfirmed claim only through its grace period. */
function isHeld(reservedAt: string | null, holderConfirmed: boolean, now: Date): boolean {
  if (holderConfirmed || reservedAt === null) return true;
  return now.getTime() - Date.parse(reservedAt) < UNCONFIRMED_RESERVATION_GRACE_MS;
}

function evolveReservation(_state: ReservationState, event: ReservationEvent): ReservationState {
  switch (event.type) {
    case 'ValueReserved':
      return { value: event.data.value, ownerId: event.data.owner_id, reservedAt: event.data.occurred_at };
    case 'ValueReleased':
      return { value: event.data.value, ownerId: null, reservedAt: null };
    default:
      return assertNever(event);
  }
}

export const reservationDecider: Decider<ReservationCommand, ReservationEvent, ReservationState> = {
  decide: decideReservation,
  evolve: evolveReservation,
  initialState: () => null,
};
