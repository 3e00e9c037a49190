/** Issuing: the one command that starts a pass's stream. */
import { DomainError } from '../shared/domain-error';
import { MAX_MINOR_UNITS } from '../shared/money';
import { requireInteger } from '../shared/require-integer';
import type { PassCommandOf } from './pass-commands';
import type { PassEvent } from './pass-events';
import { MAX_POINTS } from './pass-limits';
import type { PassState } from './pass-state';

export function issuePass({ data, now }: PassCommandOf<'IssuePass'>, state: PassState): PassEvent[] {
  if (state !== null) throw new DomainError('conflict', `Pass ${state.id} already exists.`, { pass_id: state.id });
  requireInteger('points', data.points, { min: 0, max: MAX_POINTS });
  if (data.initialBalanceMinor !== null) {
    requireInteger('initial_balance_minor', data.initialBalanceMinor, { min: 0, max: MAX_MINOR_UNITS });
  }
  return [
    {
      type: 'PassIssued',
      data: {
        pass_id: data.passId,
        business_id: data.businessId,
        mode: data.mode,
        template_id: data.templateId,
        serial_number: data.serialNumber,
        customer_name: data.customerName,
        customer_email: data.customerEmail,
        external_id: data.externalId,
        points: data.points,
        balance_minor: data.initialBalanceMinor,
        barcode_data: data.barcodeData,
        nfc_data: data.nfcData,
        metadata: data.metadata,
        occurred_at: now.toISOString(),
      },
    },
  ];
}
