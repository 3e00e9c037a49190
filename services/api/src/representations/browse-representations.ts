/** Passes and customers as the browsing lists show them (issue 38). */
import type { Customer } from '@passes/application';
import type { CustomerResponse, PassListItemResponse } from '@passes/contracts';
import { minorUnitsToNumber, type Pass } from '@passes/domain';

export function passListItem(pass: Pass): PassListItemResponse {
  return {
    id: pass.id,
    serial_number: pass.serialNumber,
    external_id: pass.externalId,
    template_id: pass.templateId,
    customer_name: pass.customerName,
    customer_email: pass.customerEmail,
    status: pass.status,
    stamps: pass.stamps,
    points: pass.points,
    balance: pass.balanceMinor === null ? null : minorUnitsToNumber(pass.balanceMinor),
    created_at: pass.createdAt,
    updated_at: pass.updatedAt,
  };
}

export function customerRepresentation(customer: Customer): CustomerResponse {
  return {
    email: customer.email,
    name: customer.name,
    passes: customer.passes.map(passListItem),
    totals: { passes: customer.totals.passes, active_passes: customer.totals.activePasses, stamps: customer.totals.stamps, points: customer.totals.points },
    last_activity_at: customer.lastActivityAt,
  };
}
