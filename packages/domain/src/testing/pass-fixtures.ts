/** One pass, the histories that take it through each status, and a valid command of each kind, for the pass specs. */
import type { IssuePassData, PassCommand } from '../pass/pass-commands';
import type { PassEvent, PassIssuedData, PassStatus } from '../pass/pass-events';
import type { PassMove } from '../pass/pass-moves';

export const ISSUED_AT = '2026-11-21T09:00:00.000Z';
export const CHECKED_IN_AT = '2026-11-21T09:30:00.000Z';
/** When the command under test happens, after every event of every history. */
export const NOW = new Date('2026-11-21T10:00:00.000Z');
export const OCCURRED_AT = NOW.toISOString();

export const ISSUE_DATA: IssuePassData = {
  passId: '7d3c1a52-2f4e-4b8a-9c61-0e5f2a7b9d10',
  businessId: 'b1f0e7c2-8a3d-4e5f-9b6a-1c2d3e4f5a6b',
  mode: 'live',
  templateId: 'c2a1d8e3-9b4c-4f6a-8d7e-2b3c4d5e6f7a',
  serialNumber: 'PS-7K3M-9QXA-2D4F',
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.com',
  externalId: 'member-1815',
  points: 100,
  initialBalanceMinor: 5000,
  barcodeData: null,
  nfcData: null,
  metadata: { tier: 'gold' },
};

export function passIssued(overrides: Partial<PassIssuedData> = {}): PassEvent {
  return {
    type: 'PassIssued',
    data: {
      pass_id: ISSUE_DATA.passId,
      business_id: ISSUE_DATA.businessId,
      mode: ISSUE_DATA.mode,
      template_id: ISSUE_DATA.templateId,
      serial_number: ISSUE_DATA.serialNumber,
      customer_name: ISSUE_DATA.customerName,
      customer_email: ISSUE_DATA.customerEmail,
      external_id: ISSUE_DATA.externalId,
      points: ISSUE_DATA.points,
      balance_minor: ISSUE_DATA.initialBalanceMinor,
      barcode_data: ISSUE_DATA.barcodeData,
      nfc_data: ISSUE_DATA.nfcData,
      metadata: ISSUE_DATA.metadata,
      occurred_at: ISSUED_AT,
      ...overrides,
    },
  };
}

export const passCheckedIn = (occurred_at = CHECKED_IN_AT): PassEvent => ({ type: 'PassCheckedIn', data: { occurred_at } });
export const passRedeemedAt = (occurred_at = '2026-11-21T09:40:00.000Z'): PassEvent => ({ type: 'PassRedeemed', data: { occurred_at } });
export const passVoided = (occurred_at = '2026-11-21T09:50:00.000Z'): PassEvent => ({ type: 'PassVoided', data: { occurred_at } });
export const passReactivated = (occurred_at = '2026-11-21T09:55:00.000Z'): PassEvent => ({ type: 'PassReactivated', data: { occurred_at } });

/** Each history ends in the status its name says; "reactivated" is active again after a void. */
export const HISTORIES = {
  issued: [passIssued()],
  'checked in': [passIssued(), passCheckedIn()],
  redeemed: [passIssued(), passCheckedIn(), passRedeemedAt()],
  voided: [passIssued(), passVoided()],
  reactivated: [passIssued(), passVoided(), passReactivated()],
} satisfies Record<string, readonly PassEvent[]>;

export type HistoryName = keyof typeof HISTORIES;

export const STATUS_AFTER: Readonly<Record<HistoryName, PassStatus>> = {
  issued: 'active',
  'checked in': 'checked_in',
  redeemed: 'redeemed',
  voided: 'voided',
  reactivated: 'active',
};

/** A command of each kind that the fixture pass accepts whenever its status allows the move. */
export const VALID_COMMANDS: Readonly<Record<PassMove, PassCommand>> = {
  UpdatePass: { type: 'UpdatePass', update: { customerName: 'Grace Hopper' }, milestones: [], now: NOW },
  AddStamps: { type: 'AddStamps', count: 1, milestones: [], now: NOW },
  AdjustPoints: { type: 'AdjustPoints', delta: -10, milestones: [], now: NOW },
  ChargeBalance: { type: 'ChargeBalance', amountMinor: 100, now: NOW },
  TopUpBalance: { type: 'TopUpBalance', amountMinor: 100, now: NOW },
  CheckIn: { type: 'CheckIn', cooldown: null, now: NOW },
  Redeem: { type: 'Redeem', now: NOW },
  Void: { type: 'Void', now: NOW },
  Reactivate: { type: 'Reactivate', now: NOW },
};
