/** Translates validated wire bodies (snake_case, decimal money) into the application's inputs. */
import type { IssuePassInput } from '@passes/application';
import type { IssuePassBody, UpdatePassBody } from '@passes/contracts';
import type { PassUpdate } from '@passes/domain';

/** The body schema has already limited money to two decimals; rounding only removes float noise. */
function toMinorUnits(amount: number): number {
  return Math.round(amount * 100);
}

export function issueInput(body: IssuePassBody): IssuePassInput {
  return {
    templateId: body.template_id,
    customerName: body.customer_name ?? null,
    customerEmail: body.customer_email ?? null,
    externalId: body.external_id ?? null,
    points: body.points ?? 0,
    initialBalanceMinor: body.initial_balance === undefined || body.initial_balance === null ? null : toMinorUnits(body.initial_balance),
    barcodeData: body.barcode_data ?? null,
    nfcData: body.nfc_data ?? null,
    metadata: body.metadata ?? {},
  };
}

export function passUpdate(body: UpdatePassBody): PassUpdate {
  const update: PassUpdate = {};
  if (body.customer_name !== undefined) update.customerName = body.customer_name;
  if (body.customer_email !== undefined) update.customerEmail = body.customer_email;
  if (body.external_id !== undefined) update.externalId = body.external_id;
  if (body.points !== undefined) update.points = body.points;
  if (body.balance !== undefined) update.balanceMinor = body.balance === null ? null : toMinorUnits(body.balance);
  if (body.stamps !== undefined) update.stamps = body.stamps;
  if (body.metadata !== undefined) update.metadata = body.metadata;
  if (body.barcode_data !== undefined) update.barcodeData = body.barcode_data;
  if (body.nfc_data !== undefined) update.nfcData = body.nfc_data;
  return update;
}
