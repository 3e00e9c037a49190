/** The translation between an update a caller asks for and the changes a PassUpdated records, both ways. */
import { effectivePatch, mergeMetadata } from './metadata';
import type { PassUpdate } from './pass-commands';
import type { PassChanges } from './pass-events';
import type { Pass } from './pass-state';

/** Only what differs from the pass, so the event says what really changed. */
export function changesTo(pass: Pass, update: PassUpdate): PassChanges {
  const changes: PassChanges = {};
  if (differs(update.customerName, pass.customerName)) changes.customer_name = update.customerName;
  if (differs(update.customerEmail, pass.customerEmail)) changes.customer_email = update.customerEmail;
  if (differs(update.externalId, pass.externalId)) changes.external_id = update.externalId;
  if (differs(update.points, pass.points)) changes.points = update.points;
  if (differs(update.balanceMinor, pass.balanceMinor)) changes.balance_minor = update.balanceMinor;
  if (differs(update.stamps, pass.stamps)) changes.stamps = update.stamps;
  if (differs(update.barcodeData, pass.barcodeData)) changes.barcode_data = update.barcodeData;
  if (differs(update.nfcData, pass.nfcData)) changes.nfc_data = update.nfcData;
  if (update.metadata !== undefined) {
    const metadata = effectivePatch(pass.metadata, update.metadata);
    if (Object.keys(metadata).length > 0) changes.metadata = metadata;
  }
  return changes;
}

export function applyChanges(pass: Pass, changes: PassChanges): Pass {
  return {
    ...pass,
    customerName: changedOr(changes.customer_name, pass.customerName),
    customerEmail: changedOr(changes.customer_email, pass.customerEmail),
    externalId: changedOr(changes.external_id, pass.externalId),
    points: changedOr(changes.points, pass.points),
    balanceMinor: changedOr(changes.balance_minor, pass.balanceMinor),
    stamps: changedOr(changes.stamps, pass.stamps),
    barcodeData: changedOr(changes.barcode_data, pass.barcodeData),
    nfcData: changedOr(changes.nfc_data, pass.nfcData),
    metadata: changes.metadata === undefined ? pass.metadata : mergeMetadata(pass.metadata, changes.metadata),
  };
}

function differs<Value>(requested: Value | undefined, current: Value): requested is Value {
  return requested !== undefined && requested !== current;
}

/** Absent means unchanged; null is a value (it clears the field). */
function changedOr<Value>(changed: Value | undefined, current: Value): Value {
  return changed === undefined ? current : changed;
}
