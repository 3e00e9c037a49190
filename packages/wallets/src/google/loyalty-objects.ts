/**
 * A template as a Google Wallet loyalty class and a pass as a loyalty object (Google Wallet REST API,
 * `loyaltyClass` and `loyaltyObject`). Pure: the save link carries both, and object updates send the
 * object's changing fields, its rewards as of `now` among them.
 */
import { minorUnitsToNumber, type BarcodeFormat, type LastMessage, type PassStatus, type Template } from '@passes/domain';
import { imageFileName, templateImagePath } from '@passes/application';
import { rewardTexts } from '../reward-texts';
import { GOOGLE_PROGRAM_LOGO_PATH } from './program-logo';
import type { WalletPass } from '../wallet-pass';

type GoogleBarcodeType = 'QR_CODE' | 'PDF_417' | 'AZTEC' | 'CODE_128';
type GoogleObjectState = 'ACTIVE' | 'COMPLETED' | 'INACTIVE';

interface LoyaltyClass {
  id: string;
  issuerName: string;
  programName: string;
  programLogo: { sourceUri: { uri: string } };
  heroImage?: { sourceUri: { uri: string } };
  hexBackgroundColor: string;
  reviewStatus: 'UNDER_REVIEW';
}

/** What changes as the pass changes: an update sends these. */
interface LoyaltyObjectFields {
  state: GoogleObjectState;
  accountId: string;
  accountName?: string;
  loyaltyPoints: { label: string; balance: { int: number } };
  secondaryLoyaltyPoints: { label: string; balance: { int: number } };
  barcode: { type: GoogleBarcodeType; value: string; alternateText: string };
  textModulesData: { id: string; header: string; body: string }[];
  /** The latest campaign or automation message; `TEXT_AND_NOTIFY` alerts the holder (Google allows 3 a day a pass). */
  messages?: { id: string; header: string; body: string; messageType: 'TEXT' | 'TEXT_AND_NOTIFY' }[];
}

interface LoyaltyObject extends LoyaltyObjectFields {
  id: string;
  classId: string;
}

const BARCODE_TYPES: Readonly<Record<BarcodeFormat, GoogleBarcodeType>> = { qr: 'QR_CODE', pdf417: 'PDF_417', aztec: 'AZTEC', code128: 'CODE_128' };

/** Redeemed passes are done with; voided ones no longer count. */
const STATES: Readonly<Record<PassStatus, GoogleObjectState>> = { active: 'ACTIVE', checked_in: 'ACTIVE', redeemed: 'COMPLETED', voided: 'INACTIVE' };

/** Google ids are `{issuer id}.{suffix}`; template and pass ids (UUIDs) are valid suffixes as they are. */
export const loyaltyClassId = (issuerId: string, templateId: string) => `${issuerId}.${templateId}`;
export const loyaltyObjectId = (issuerId: string, passId: string) => `${issuerId}.${passId}`;

/**
 * The class's images at the service's own addresses (`appUrl`): the template's logo, or the default one
 * (GOOGLE_PROGRAM_LOGO_PATH), and its strip as the hero image when it has one. The largest file of each.
 */
export function loyaltyClassImages(template: Template, appUrl: string): Pick<LoyaltyClass, 'programLogo' | 'heroImage'> {
  const { logo, strip } = template.images;
  const logoPath = logo === null ? GOOGLE_PROGRAM_LOGO_PATH : templateImagePath(logo, imageFileName('logo', 3));
  return {
    programLogo: { sourceUri: { uri: `${appUrl}${logoPath}` } },
    ...(strip === null ? {} : { heroImage: { sourceUri: { uri: `${appUrl}${templateImagePath(strip, imageFileName('strip', 3))}` } } }),
  };
}

export function loyaltyClass(issuerId: string, template: Template, businessName: string, appUrl: string): LoyaltyClass {
  return {
    id: loyaltyClassId(issuerId, template.id),
    issuerName: businessName,
    programName: template.name,
    ...loyaltyClassImages(template, appUrl),
    hexBackgroundColor: template.colors.background,
    // Google reviews a class before passes of it can be saved by anyone but the issuer's test accounts.
    reviewStatus: 'UNDER_REVIEW',
  };
}

export function loyaltyObject(issuerId: string, walletPass: WalletPass, now: Date): LoyaltyObject {
  const { pass } = walletPass;
  return { id: loyaltyObjectId(issuerId, pass.id), classId: loyaltyClassId(issuerId, pass.templateId), ...loyaltyObjectFields(walletPass, now) };
}

export function loyaltyObjectFields({ pass, template, codes, milestones }: WalletPass, now: Date): LoyaltyObjectFields {
  const balance = pass.balanceMinor === null ? [] : [{ id: 'balance', header: 'Balance', body: money(pass.balanceMinor, template.currency) }];
  const rewards = rewardTexts(pass, milestones, now);
  return {
    state: STATES[pass.status],
    accountId: pass.serialNumber,
    ...(pass.customerName === null ? {} : { accountName: pass.customerName }),
    loyaltyPoints: { label: 'Points', balance: { int: pass.points } },
    secondaryLoyaltyPoints: { label: 'Stamps', balance: { int: pass.stamps } },
    barcode: { type: BARCODE_TYPES[codes.barcode.format], value: codes.barcode.message, alternateText: pass.serialNumber },
    textModulesData: [
      ...balance,
      ...(rewards.available.length === 0 ? [] : [{ id: 'rewards', header: 'Rewards to claim', body: rewards.available.join(', ') }]),
      ...(rewards.next === null ? [] : [{ id: 'next_reward', header: 'Next reward', body: rewards.next }]),
    ],
    ...(pass.lastMessage === null ? {} : { messages: [googleMessage(pass.lastMessage)] }),
  };
}

/** Named by when it was sent, so the same message patched again (with a later stamp) is not a new one to notify of. */
function googleMessage(message: LastMessage): NonNullable<LoyaltyObjectFields['messages']>[number] {
  return { id: `message-${Date.parse(message.sentAt)}`, header: message.header, body: message.body, messageType: message.notify ? 'TEXT_AND_NOTIFY' : 'TEXT' };
}

function money(minor: number, currency: string | null): string {
  const amount = minorUnitsToNumber(minor).toFixed(2);
  return currency === null ? amount : `${amount} ${currency}`;
}
