/** What callers ask of a pass. Identifiers and the current time come in with the command. */
import type { Mode } from '../shared/mode';
import type { Metadata, MetadataPatch } from './metadata';

export interface IssuePassData {
  passId: string;
  businessId: string;
  mode: Mode;
  templateId: string;
  serialNumber: string;
  customerName: string | null;
  customerEmail: string | null;
  externalId: string | null;
  points: number;
  initialBalanceMinor: number | null;
  barcodeData: string | null;
  nfcData: string | null;
  metadata: Metadata;
}

export interface PassUpdate {
  customerName?: string | null;
  customerEmail?: string | null;
  externalId?: string | null;
  points?: number;
  balanceMinor?: number | null;
  stamps?: number;
  metadata?: MetadataPatch;
  barcodeData?: string | null;
}

/** The template's scan cooldown: null = none, 0 = one check-in ever, n = seconds between check-ins. */
export type ScanCooldown = number | null;

export type PassCommand =
  | { type: 'IssuePass'; data: IssuePassData; now: Date }
  | { type: 'UpdatePass'; update: PassUpdate; now: Date }
  | { type: 'AddStamps'; count: number; now: Date }
  | { type: 'AdjustPoints'; delta: number; now: Date }
  | { type: 'ChargeBalance'; amountMinor: number; now: Date }
  | { type: 'TopUpBalance'; amountMinor: number; now: Date }
  | { type: 'CheckIn'; cooldown: ScanCooldown; now: Date }
  | { type: 'Redeem'; now: Date }
  | { type: 'Void'; now: Date }
  | { type: 'Reactivate'; now: Date };

/** One kind of pass command, for the rule that handles it. */
export type PassCommandOf<Type extends PassCommand['type']> = Extract<PassCommand, { type: Type }>;
