/** How each recorded fact changes a pass. Facts are never refused here: they already happened. */
import { assertNever } from '../shared/decider';
import { applyChanges } from './pass-changes';
import { withMessage } from './message-sources';
import type { PassEvent, PassInstalledData, PassIssuedData, RewardEarnedData, RewardRedeemedData } from './pass-events';
import type { Pass, PassState } from './pass-state';
import { withPaymentEvent } from './online-payment-evolve';
import type { Reward } from './rewards';
import { automationRunKey } from './automation-run-key';

type PassChangingEvent = Exclude<
  PassEvent,
  { type: 'PassIssued' | 'PassScanned' | 'PassInstalled' | 'PassUninstalled' | 'PaymentStarted' | 'PaymentExpired' | 'AutomationRan' | 'AutomationEmailsStopped' | 'AutomationEmailsResumed' }
>;

/** The facts of the holder's or staff's use of the pass: each ends a quiet spell. */
const ACTIVITY: ReadonlySet<PassEvent['type']> = new Set(['PassStamped', 'PointsAdjusted', 'BalanceCharged', 'BalanceToppedUp', 'PassCheckedIn', 'PassRedeemed', 'RewardRedeemed']);

export function evolvePass(state: PassState, event: PassEvent): PassState {
  if (event.type === 'PassIssued') return passFromIssued(event.data);
  if (state === null) return null;
  // A scan only looks at the pass; it is not a change to it.
  if (event.type === 'PassScanned') return { ...state, lastScannedAt: event.data.occurred_at };
  // Neither is what the pass holds or shows: a wallet asked for, or gave up, its updates.
  if (event.type === 'PassInstalled') return { ...state, walletDevices: withDevice(state.walletDevices, event.data) };
  if (event.type === 'PassUninstalled') return { ...state, walletDevices: withoutDevice(state.walletDevices, event.data.device_library_identifier) };
  // Nor is a payment opened or left to expire: the pass holds what it held.
  if (event.type === 'PaymentStarted' || event.type === 'PaymentExpired') return { ...state, payments: withPaymentEvent(state.payments, event) };
  // Nor is the holder's choice of automation emails: it is about mail, not about what the pass shows.
  if (event.type === 'AutomationEmailsStopped') return { ...state, automationEmailsStoppedAt: event.data.occurred_at };
  if (event.type === 'AutomationEmailsResumed') return { ...state, automationEmailsStoppedAt: null };
  // A run is recorded after its actions' events, and gives back the activity they would have moved.
  if (event.type === 'AutomationRan') {
    const { automation_id, occurrence, activity_at } = event.data;
    return { ...state, automationRuns: [...state.automationRuns, automationRunKey(automation_id, occurrence)], lastActivityAt: activity_at };
  }
  const lastActivityAt = ACTIVITY.has(event.type) ? event.data.occurred_at : state.lastActivityAt;
  return { ...applyEvent(state, event), updatedAt: event.data.occurred_at, lastActivityAt };
}

function passFromIssued(data: PassIssuedData): Pass {
  return {
    id: data.pass_id,
    businessId: data.business_id,
    mode: data.mode,
    templateId: data.template_id,
    serialNumber: data.serial_number,
    status: 'active',
    customerName: data.customer_name,
    customerEmail: data.customer_email,
    externalId: data.external_id,
    points: data.points,
    balanceMinor: data.balance_minor,
    stamps: 0,
    metadata: data.metadata,
    barcodeData: data.barcode_data,
    nfcData: data.nfc_data,
    walletDevices: {},
    rewards: [],
    payments: {},
    createdAt: data.occurred_at,
    updatedAt: data.occurred_at,
    checkedInAt: null,
    redeemedAt: null,
    voidedAt: null,
    reactivatedAt: null,
    lastScannedAt: null,
    lastActivityAt: data.occurred_at,
    automationRuns: [],
    automationEmailsStoppedAt: null,
    lastMessage: null,
    messageSources: [],
    notifiedAt: [],
  };
}

function applyEvent(pass: Pass, event: PassChangingEvent): Pass {
  switch (event.type) {
    case 'PassUpdated':
      return applyChanges(pass, event.data.changes);
    case 'PassStamped':
      return { ...pass, stamps: event.data.stamps };
    case 'PointsAdjusted':
      return { ...pass, points: event.data.points };
    case 'BalanceCharged':
    case 'BalanceToppedUp':
      return { ...pass, balanceMinor: event.data.balance_minor };
    case 'PassCheckedIn':
      return { ...pass, status: 'checked_in', checkedInAt: event.data.occurred_at };
    case 'PassRedeemed':
      return { ...pass, status: 'redeemed', redeemedAt: event.data.occurred_at };
    case 'PassVoided':
      return { ...pass, status: 'voided', voidedAt: event.data.occurred_at };
    case 'PassReactivated':
      return { ...pass, status: 'active', reactivatedAt: event.data.occurred_at };
    case 'RewardEarned':
      return { ...pass, rewards: [rewardFromEarned(event.data), ...pass.rewards] };
    case 'RewardRedeemed':
      return withRedeemed(pass, event.data);
    case 'PaymentSucceeded':
      return { ...pass, payments: withPaymentEvent(pass.payments, event) };
    case 'PaymentRefunded':
      return { ...pass, balanceMinor: event.data.balance_minor, payments: withPaymentEvent(pass.payments, event) };
    case 'MessageSent':
      return withMessage(pass, event.data);
    default:
      return assertNever(event);
  }
}

function rewardFromEarned(data: RewardEarnedData): Reward {
  return {
    id: data.reward_id,
    milestoneId: data.milestone_id,
    metric: data.metric,
    threshold: data.threshold,
    title: data.title,
    description: data.description,
    earnedAt: data.occurred_at,
    expiresAt: data.expires_at,
    redeemedAt: null,
  };
}

function withRedeemed(pass: Pass, { reward_id, metric, value, occurred_at }: RewardRedeemedData): Pass {
  const rewards = pass.rewards.map((reward) => (reward.id === reward_id ? { ...reward, redeemedAt: occurred_at } : reward));
  return metric === 'stamps' ? { ...pass, rewards, stamps: value } : { ...pass, rewards, points: value };
}

/** An install recorded before devices were (schema 1) names no device, and so registers none. */
function withDevice(devices: Pass['walletDevices'], { device_library_identifier, push_token }: PassInstalledData): Pass['walletDevices'] {
  if (device_library_identifier === null || push_token === null) return devices;
  return { ...devices, [device_library_identifier]: push_token };
}

function withoutDevice(devices: Pass['walletDevices'], deviceLibraryIdentifier: string | null): Pass['walletDevices'] {
  if (deviceLibraryIdentifier === null) return devices;
  return Object.fromEntries(Object.entries(devices).filter(([device]) => device !== deviceLibraryIdentifier));
}
