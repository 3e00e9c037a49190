import { describe, expect, test } from '@jest/globals';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import { UNCONFIRMED_RESERVATION_GRACE_MS, type ReservationCommand, type ReservationEvent } from './reservation';
import { reservationDecider } from './reservation-decider';

const spec = deciderSpec(reservationDecider);
const RESERVED_AT = '2026-11-21T10:00:00.000Z';
const afterReservation = (ms: number) => new Date(Date.parse(RESERVED_AT) + ms);
const NOW = afterReservation(1000);

const reservedBy = (owner_id: string, occurred_at = RESERVED_AT): ReservationEvent => ({ type: 'ValueReserved', data: { value: 'abc', owner_id, occurred_at } });
const releasedBy = (owner_id: string): ReservationEvent => ({ type: 'ValueReleased', data: { value: 'abc', owner_id, occurred_at: RESERVED_AT } });
const reserve = (ownerId: string, holderConfirmed: boolean, now = NOW): ReservationCommand => ({ type: 'Reserve', value: 'abc', ownerId, holderConfirmed, now });
const release = (ownerId: string): ReservationCommand => ({ type: 'Release', ownerId, now: NOW });

describe('reserving a value', () => {
  test('a value nobody ever held is reserved', () => {
    spec.given([]).when(reserve('pass-1', false)).then([reservedBy('pass-1', NOW.toISOString())]);
  });

  test('a released value is reserved again', () => {
    spec.given([reservedBy('pass-1'), releasedBy('pass-1')]).when(reserve('pass-2', false)).then([reservedBy('pass-2', NOW.toISOString())]);
  });

  test('reserving a value the owner already holds records nothing', () => {
    spec.given([reservedBy('pass-1')]).when(reserve('pass-1', false)).then([]);
  });

  test('a value held by another owner who confirms it is a conflict', () => {
    spec.given([reservedBy('pass-1')]).when(reserve('pass-2', true)).thenThrows('conflict');
  });

  test('a confirmed holder keeps the value long after the grace period', () => {
    spec.given([reservedBy('pass-1')]).when(reserve('pass-2', true, afterReservation(10 * UNCONFIRMED_RESERVATION_GRACE_MS))).thenThrows('conflict');
  });

  test('the conflict names the value as callers know it', () => {
    const command: ReservationCommand = { type: 'Reserve', value: 'abc', field: 'external_id', ownerId: 'pass-2', holderConfirmed: true, now: NOW };
    const error = spec.given([reservedBy('pass-1')]).when(command).thenThrows('conflict');
    expect(error.message).toBe("external_id 'abc' is already in use.");
    expect(error.details).toEqual({ field: 'external_id', value: 'abc' });
  });

  test('the conflict names the value alone when the caller gives no field', () => {
    const error = spec.given([reservedBy('pass-1')]).when(reserve('pass-2', true)).thenThrows('conflict');
    expect(error.message).toBe("'abc' is already in use.");
  });

  test('an unconfirmed claim within its grace period is a conflict', () => {
    spec.given([reservedBy('pass-1')]).when(reserve('pass-2', false, afterReservation(UNCONFIRMED_RESERVATION_GRACE_MS - 1))).thenThrows('conflict');
  });

  test('an unconfirmed claim is taken over once its grace period has passed', () => {
    const now = afterReservation(UNCONFIRMED_RESERVATION_GRACE_MS);
    spec.given([reservedBy('pass-1')]).when(reserve('pass-2', false, now)).then([reservedBy('pass-2', now.toISOString())]);
  });
});

describe('releasing a value', () => {
  test('the holder releases it', () => {
    spec.given([reservedBy('pass-1')]).when(release('pass-1')).then([{ type: 'ValueReleased', data: { value: 'abc', owner_id: 'pass-1', occurred_at: NOW.toISOString() } }]);
  });

  test('anybody else releasing it records nothing', () => {
    spec.given([reservedBy('pass-1')]).when(release('pass-2')).then([]);
  });

  test('releasing a value that is free records nothing', () => {
    spec.given([reservedBy('pass-1'), releasedBy('pass-1')]).when(release('pass-1')).then([]);
  });

  test('releasing a value nobody ever held records nothing', () => {
    spec.given([]).when(release('pass-1')).then([]);
  });
});

describe('evolving a reservation', () => {
  test('ValueReserved records the owner and when', () => {
    expect(replay(reservationDecider, [reservedBy('pass-1')])).toEqual({ value: 'abc', ownerId: 'pass-1', reservedAt: RESERVED_AT });
  });

  test('ValueReleased leaves the value free', () => {
    expect(replay(reservationDecider, [reservedBy('pass-1'), releasedBy('pass-1')])).toEqual({ value: 'abc', ownerId: null, reservedAt: null });
  });
});
