import { describe, test } from '@jest/globals';
import { MAX_MINOR_UNITS } from '../shared/money';
import { deciderSpec } from '../testing/decider-spec';
import { HISTORIES, ISSUE_DATA, NOW, OCCURRED_AT, passIssued } from '../testing/pass-fixtures';
import type { PassUpdate } from './pass-commands';
import { passDecider } from './pass-decider';
import type { PassChanges, PassEvent } from './pass-events';
import { MAX_POINTS, MAX_STAMPS } from './pass-limits';

const spec = deciderSpec(passDecider);
const update = (changes: PassUpdate) => ({ type: 'UpdatePass' as const, update: changes, milestones: [], now: NOW });
const updated = (changes: PassChanges): PassEvent => ({ type: 'PassUpdated', data: { changes, occurred_at: OCCURRED_AT } });

// The fixture pass: Ada Lovelace, ada@example.com, member-1815, 100 points, balance 5000, 0 stamps, {tier: 'gold'}.
describe('updating a pass', () => {
  test('records every field that changes, in the spelling of the event', () => {
    spec
      .given(HISTORIES.issued)
      .when(
        update({
          customerName: 'Grace Hopper',
          customerEmail: 'grace@example.com',
          externalId: 'member-1906',
          points: 7,
          balanceMinor: 100,
          stamps: 3,
          barcodeData: 'GH-1906',
          metadata: { tier: 'silver' },
        }),
      )
      .then([
        updated({
          customer_name: 'Grace Hopper',
          customer_email: 'grace@example.com',
          external_id: 'member-1906',
          points: 7,
          balance_minor: 100,
          stamps: 3,
          barcode_data: 'GH-1906',
          metadata: { tier: 'silver' },
        }),
      ]);
  });

  test('records only the fields whose value changes', () => {
    spec.given(HISTORIES.issued).when(update({ customerName: ISSUE_DATA.customerName, points: 150 })).then([updated({ points: 150 })]);
  });

  test('an update that changes nothing records no event', () => {
    spec.given(HISTORIES.issued).when(update({ customerName: ISSUE_DATA.customerName, points: ISSUE_DATA.points, metadata: { tier: 'gold' } })).then([]);
  });

  test('an empty update records no event', () => {
    spec.given(HISTORIES.issued).when(update({})).then([]);
  });

  test('null clears a field', () => {
    spec.given(HISTORIES.issued).when(update({ customerEmail: null, balanceMinor: null })).then([updated({ customer_email: null, balance_minor: null })]);
  });

  test('barcode_data set to null reverts to the template barcode', () => {
    spec.given([passIssued({ barcode_data: 'OWN-CODE' })]).when(update({ barcodeData: null })).then([updated({ barcode_data: null })]);
  });

  test('nfc_data is set, and null reverts it to the template NFC message', () => {
    spec.given(HISTORIES.issued).when(update({ nfcData: 'tap-1815' })).then([updated({ nfc_data: 'tap-1815' })]);
    spec.given([passIssued({ nfc_data: 'tap-1815' })]).when(update({ nfcData: null })).then([updated({ nfc_data: null })]);
  });

  test('metadata keeps only the entries that change something', () => {
    spec.given(HISTORIES.issued).when(update({ metadata: { tier: 'gold', visits: 3 } })).then([updated({ metadata: { visits: 3 } })]);
  });

  test('removing a metadata key that exists is recorded as null', () => {
    spec.given(HISTORIES.issued).when(update({ metadata: { tier: null } })).then([updated({ metadata: { tier: null } })]);
  });

  test('removing a metadata key that does not exist is no change', () => {
    spec.given(HISTORIES.issued).when(update({ metadata: { missing: null } })).then([]);
  });

  test('a redeemed pass may still be updated', () => {
    spec.given(HISTORIES.redeemed).when(update({ customerName: 'Grace Hopper' })).then([updated({ customer_name: 'Grace Hopper' })]);
  });

  test('a voided pass may not be updated', () => {
    spec.given(HISTORIES.voided).when(update({ customerName: 'Grace Hopper' })).thenThrows('invalid_state');
  });

  test('a voided pass refuses even an update that would change nothing', () => {
    spec.given(HISTORIES.voided).when(update({})).thenThrows('invalid_state');
  });

  test('negative points are a validation_error', () => {
    spec.given(HISTORIES.issued).when(update({ points: -1 })).thenThrows('validation_error');
  });

  test('fractional points are a validation_error', () => {
    spec.given(HISTORIES.issued).when(update({ points: 0.5 })).thenThrows('validation_error');
  });

  test('points up to the maximum are accepted', () => {
    spec.given(HISTORIES.issued).when(update({ points: MAX_POINTS })).then([updated({ points: MAX_POINTS })]);
  });

  test('points above the maximum are a validation_error', () => {
    spec.given(HISTORIES.issued).when(update({ points: MAX_POINTS + 1 })).thenThrows('validation_error');
  });

  test('negative stamps are a validation_error', () => {
    spec.given(HISTORIES.issued).when(update({ stamps: -1 })).thenThrows('validation_error');
  });

  test('stamps up to the maximum are accepted', () => {
    spec.given(HISTORIES.issued).when(update({ stamps: MAX_STAMPS })).then([updated({ stamps: MAX_STAMPS })]);
  });

  test('stamps above the maximum are a validation_error', () => {
    spec.given(HISTORIES.issued).when(update({ stamps: MAX_STAMPS + 1 })).thenThrows('validation_error');
  });

  test('a negative balance is a validation_error', () => {
    spec.given(HISTORIES.issued).when(update({ balanceMinor: -1 })).thenThrows('validation_error');
  });

  test('a balance above the maximum is a validation_error', () => {
    spec.given(HISTORIES.issued).when(update({ balanceMinor: MAX_MINOR_UNITS + 1 })).thenThrows('validation_error');
  });

  test('a balance in fractions of a minor unit is a validation_error', () => {
    spec.given(HISTORIES.issued).when(update({ balanceMinor: 1.5 })).thenThrows('validation_error');
  });
});
