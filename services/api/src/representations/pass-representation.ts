/** How a pass looks on the wire in short: in lists and to a scanner (the whole pass: passRepresentation, in contracts). */
import type { PassSummaryResponse, ScannedPassResponse } from '@passes/contracts';
import { minorUnitsToNumber, type Pass } from '@passes/domain';

export function passSummary(pass: Pass): PassSummaryResponse {
  return { id: pass.id, serial_number: pass.serialNumber, external_id: pass.externalId, status: pass.status };
}

/** What a scanner at the counter needs to see of a pass. */
export function scannedPass(pass: Pass): ScannedPassResponse {
  return {
    id: pass.id,
    serial_number: pass.serialNumber,
    customer_name: pass.customerName,
    status: pass.status,
    stamps: pass.stamps,
    points: pass.points,
    balance: pass.balanceMinor === null ? null : minorUnitsToNumber(pass.balanceMinor),
  };
}
