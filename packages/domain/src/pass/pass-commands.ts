/** What callers ask of a pass. Identifiers and the current time come in with the command. */
import type { AutomationAction } from '../automation/automation-terms';
import type { Mode } from '../shared/mode';
import type { ScanCooldown } from '../template/scan-security';
import type { Metadata, MetadataPatch } from './metadata';
import type { MessageSource, ScanMode } from './pass-events';
import type { ActiveMilestone } from './rewards';

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
  nfcData?: string | null;
}

/**
 * What the barcode a scan read says about itself, judged outside the domain where the signing key is:
 * `not_required` when the template does not sign barcodes or the pass was found by its own barcode_data.
 */
export type SignatureCheck = 'valid' | 'missing' | 'invalid' | 'not_required';

/** A scan of a pass, with the template's scan security as it stands now. */
export interface ScanPassCommand {
  type: 'ScanPass';
  mode: ScanMode;
  signature: SignatureCheck;
  cooldown: ScanCooldown;
  autoStamp: boolean;
  milestones: readonly ActiveMilestone[];
  now: Date;
}

/**
 * One occurrence of an automation's trigger on the pass, with the automation's actions as they stand.
 * `skipped` names why every action is skipped (`plan`: the business is back on Free), recorded all the same
 * so the occurrence is spent and the run reads as skipped.
 */
export interface AutomationRun {
  automationId: string;
  occurrence: string;
  depth: number;
  actions: readonly AutomationAction[];
  skipped: 'plan' | null;
  /** Whether the service updates Google Wallet objects, for a `send_message` action (SendMessageCommand). */
  googleWallet: boolean;
}

/**
 * A message to the pass's holder (a campaign's or an automation's), shown on the pass. `googleWallet`
 * says whether the service updates Google Wallet objects: without it, a pass with no Apple device is in
 * no wallet the service can reach.
 */
export interface SendMessageCommand {
  type: 'SendMessage';
  message: { header: string; body: string };
  source: MessageSource;
  googleWallet: boolean;
  now: Date;
}

/**
 * The commands that may change stamps or points carry the active milestones of the pass's template (in
 * the pass's mode), which the application reads and passes in: the reward rule runs on them (reward-rule.ts).
 */
export type PassCommand =
  | { type: 'IssuePass'; data: IssuePassData; now: Date }
  | { type: 'UpdatePass'; update: PassUpdate; milestones: readonly ActiveMilestone[]; now: Date }
  | { type: 'AddStamps'; count: number; milestones: readonly ActiveMilestone[]; now: Date }
  | { type: 'AdjustPoints'; delta: number; milestones: readonly ActiveMilestone[]; now: Date }
  | { type: 'ChargeBalance'; amountMinor: number; now: Date }
  | { type: 'TopUpBalance'; amountMinor: number; now: Date }
  | { type: 'CheckIn'; cooldown: ScanCooldown; now: Date }
  | { type: 'Redeem'; now: Date }
  | { type: 'Void'; now: Date }
  | { type: 'Reactivate'; now: Date }
  | { type: 'RedeemReward'; rewardId: string; milestones: readonly ActiveMilestone[]; now: Date }
  | { type: 'StartPayment'; paymentId: string; checkoutSessionId: string; amountMinor: number; now: Date }
  | { type: 'CompletePayment'; paymentId: string; checkoutSessionId: string; paymentIntentId: string | null; amountMinor: number; now: Date }
  | { type: 'ExpirePayment'; paymentId: string; now: Date }
  | { type: 'RecordRefund'; paymentId: string; refundedTotalMinor: number; now: Date }
  | { type: 'RunAutomation'; run: AutomationRun; milestones: readonly ActiveMilestone[]; now: Date }
  | { type: 'StopAutomationEmails'; now: Date }
  | { type: 'ResumeAutomationEmails'; now: Date }
  | ScanPassCommand
  | SendMessageCommand
  | { type: 'RegisterDevice'; deviceLibraryIdentifier: string; pushToken: string; now: Date }
  | { type: 'UnregisterDevice'; deviceLibraryIdentifier: string; now: Date }
  | { type: 'RejectPushToken'; deviceLibraryIdentifier: string; pushToken: string; now: Date };

/** One kind of pass command, for the rule that handles it. */
export type PassCommandOf<Type extends PassCommand['type']> = Extract<PassCommand, { type: Type }>;
