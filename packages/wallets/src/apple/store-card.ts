/**
 * What an Apple Wallet store card says about a pass (Apple's pass.json): pure, so the rules about what
 * a wallet shows are tested without signing anything. The pass's own figures (points, stamps, balance)
 * and the holder's name come first, then the rewards to claim and the next one (as of `now`); the template's
 * display fields fill the slots after them. A reward earned alerts the holder ("You earned A free coffee").
 */
import {
  DISPLAY_FIELD_SLOTS,
  minorUnitsToNumber,
  type BarcodeFormat,
  type DisplayField,
  type DisplayFieldSlot,
  type MilestoneTerms,
  type Pass,
} from '@passes/domain';
import { rewardTexts } from '../reward-texts';
import type { WalletPass } from '../wallet-pass';

interface StoreCardField {
  key: string;
  label: string;
  value: string | number;
  currencyCode?: string;
  /** Shown on the lock screen when the value changes; `%@` is the new value. */
  changeMessage?: string;
}

type FieldSlot = 'headerFields' | 'primaryFields' | 'secondaryFields' | 'auxiliaryFields' | 'backFields';

type AppleBarcodeFormat = 'PKBarcodeFormatQR' | 'PKBarcodeFormatPDF417' | 'PKBarcodeFormatAztec' | 'PKBarcodeFormatCode128';

export interface StoreCard {
  /** The top-level keys of pass.json. */
  pass: {
    formatVersion: 1;
    passTypeIdentifier: string;
    teamIdentifier: string;
    serialNumber: string;
    authenticationToken: string;
    webServiceURL: string;
    organizationName: string;
    description: string;
    logoText: string;
    backgroundColor: string;
    foregroundColor: string;
    labelColor: string;
    voided: boolean;
  };
  fields: Record<FieldSlot, StoreCardField[]>;
  barcode: { format: AppleBarcodeFormat; message: string; messageEncoding: 'iso-8859-1' | 'utf-8'; altText: string };
  nfc: { message: string; encryptionPublicKey: string } | null;
}

export interface StoreCardIdentity {
  passTypeIdentifier: string;
  teamIdentifier: string;
  authenticationToken: string;
  /** `{app_url}/wallet/apple`: where the wallet registers and fetches updates. */
  webServiceUrl: string;
  /** Without it a pass carries no `nfc`: Apple requires the key with the message. */
  nfcEncryptionPublicKey: string | null;
}

const BARCODE_FORMATS: Readonly<Record<BarcodeFormat, AppleBarcodeFormat>> = {
  qr: 'PKBarcodeFormatQR',
  pdf417: 'PKBarcodeFormatPDF417',
  aztec: 'PKBarcodeFormatAztec',
  code128: 'PKBarcodeFormatCode128',
};

const SLOTS: Readonly<Record<DisplayFieldSlot, FieldSlot>> = {
  header: 'headerFields',
  primary: 'primaryFields',
  secondary: 'secondaryFields',
  auxiliary: 'auxiliaryFields',
  back: 'backFields',
};

export function storeCard(walletPass: WalletPass, identity: StoreCardIdentity, now: Date): StoreCard {
  const { pass, template, businessName, codes } = walletPass;
  const own = ownFields(walletPass, now);
  const taken = new Set(Object.values(own).flat().map((field) => field.key));
  const fields = Object.fromEntries(
    (Object.keys(SLOTS) as DisplayFieldSlot[]).map((slot) => {
      const ours = own[SLOTS[slot]];
      const theirs = template.displayFields[slot].filter((field) => !taken.has(field.key)).map(fromTemplate);
      return [SLOTS[slot], [...ours, ...theirs].slice(0, DISPLAY_FIELD_SLOTS[slot])];
    }),
  ) as Record<FieldSlot, StoreCardField[]>;
  const { message } = codes.barcode;
  return {
    pass: {
      formatVersion: 1,
      passTypeIdentifier: identity.passTypeIdentifier,
      teamIdentifier: identity.teamIdentifier,
      serialNumber: pass.serialNumber,
      authenticationToken: identity.authenticationToken,
      webServiceURL: identity.webServiceUrl,
      organizationName: businessName,
      description: template.description ?? template.name,
      logoText: template.logoText ?? businessName,
      backgroundColor: rgb(template.colors.background),
      foregroundColor: rgb(template.colors.foreground),
      labelColor: rgb(template.colors.label),
      voided: pass.status === 'voided',
    },
    fields,
    barcode: { format: BARCODE_FORMATS[codes.barcode.format], message, messageEncoding: isLatin1(message) ? 'iso-8859-1' : 'utf-8', altText: pass.serialNumber },
    nfc: codes.nfcMessage !== null && identity.nfcEncryptionPublicKey !== null ? { message: codes.nfcMessage, encryptionPublicKey: identity.nfcEncryptionPublicKey } : null,
  };
}

/** The pass's own figures; their keys start with `pass_`, and a template field with the same key gives way. */
function ownFields({ pass, template, milestones }: WalletPass, now: Date): Record<FieldSlot, StoreCardField[]> {
  const stamps = template.stampsForReward === null ? pass.stamps : `${pass.stamps} / ${template.stampsForReward}`;
  const figures: StoreCardField[] = [
    { key: 'pass_stamps', label: 'Stamps', value: stamps, changeMessage: 'Stamps: %@' },
    { key: 'pass_points', label: 'Points', value: pass.points, changeMessage: 'Points: %@' },
  ];
  if (pass.balanceMinor !== null) {
    const balance = minorUnitsToNumber(pass.balanceMinor);
    figures.push(
      template.currency === null
        ? { key: 'pass_balance', label: 'Balance', value: balance.toFixed(2), changeMessage: 'Balance: %@' }
        : { key: 'pass_balance', label: 'Balance', value: balance, currencyCode: template.currency, changeMessage: 'Balance: %@' },
    );
  }
  return {
    headerFields: [],
    primaryFields: [],
    secondaryFields: [
      ...(pass.customerName === null ? [] : [{ key: 'pass_holder', label: 'Name', value: pass.customerName }]),
      ...rewardFields(pass, milestones, now),
    ],
    auxiliaryFields: figures,
    backFields: [...messageFields(pass), { key: 'pass_serial_number', label: 'Serial number', value: pass.serialNumber }],
  };
}

/**
 * The rewards to claim, whose change alerts the holder when one is earned (Apple shows the changeMessage when
 * the value changes), and the next reward, which changes with every stamp the stamps field already alerts of.
 */
function rewardFields(pass: Pass, milestones: readonly MilestoneTerms[], now: Date): StoreCardField[] {
  const { available, next } = rewardTexts(pass, milestones, now);
  return [
    ...(available.length === 0 ? [] : [{ key: 'pass_rewards', label: 'Rewards', value: available.join(', '), changeMessage: 'You earned %@' }]),
    ...(next === null ? [] : [{ key: 'pass_next_reward', label: 'Next reward', value: next }]),
  ];
}

/** The latest campaign or automation message: a new one changes the value, and Apple shows it on the lock screen. */
function messageFields(pass: Pass): StoreCardField[] {
  const message = pass.lastMessage;
  return message === null ? [] : [{ key: 'pass_message', label: message.header, value: message.body, changeMessage: `${message.header.replaceAll('%', '%%')}: %@` }];
}

function fromTemplate({ key, label, value }: DisplayField): StoreCardField {
  return { key, label, value };
}

/** Templates hold `#RRGGBB`; pass.json wants `rgb(r, g, b)`. */
function rgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

function isLatin1(text: string): boolean {
  return [...text].every((character) => (character.codePointAt(0) ?? 0) <= 0xff);
}
