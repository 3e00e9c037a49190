/** One pass as a wallet sees it, for the wallet package's own tests. */
import { defaultTemplateSettings, NO_TEMPLATE_IMAGES, type MilestoneTerms, type Pass, type Template } from '@passes/domain';
import type { WalletPass } from '../wallet-pass';

const PASS: Pass = {
  id: '0196b5e2-7c1a-7d3e-9f40-1a2b3c4d5e6f',
  businessId: '0196b5e2-0000-7000-8000-000000000001',
  mode: 'live',
  templateId: '0196b5e2-0000-7000-8000-000000000002',
  serialNumber: 'PS-7K3M-9QXA-2D4F',
  status: 'active',
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.com',
  externalId: 'member-1815',
  points: 120,
  balanceMinor: 1250,
  stamps: 7,
  metadata: {},
  barcodeData: null,
  nfcData: null,
  walletDevices: {},
  rewards: [],
  payments: {},
  lastMessage: null,
  messageSources: [],
  notifiedAt: [],
  createdAt: '2026-11-21T09:00:00.000Z',
  updatedAt: '2026-11-21T09:30:00.000Z',
  checkedInAt: null,
  redeemedAt: null,
  voidedAt: null,
  reactivatedAt: null,
  lastScannedAt: null,
  lastActivityAt: '2026-11-21T09:00:00.000Z',
  automationRuns: [],
    automationEmailsStoppedAt: null,
};

const TEMPLATE: Template = {
  ...defaultTemplateSettings('Coffee card'),
  id: PASS.templateId,
  businessId: PASS.businessId,
  images: NO_TEMPLATE_IMAGES,
  colors: { background: '#0B5FFF', foreground: '#FFFFFF', label: '#DDE6FF' },
  currency: 'GBP',
  stampsForReward: 10,
  displayFields: {
    header: [],
    primary: [{ key: 'offer', label: 'Offer', value: 'Tenth coffee free' }],
    secondary: [],
    auxiliary: [],
    back: [{ key: 'pass_points', label: 'Shadowed', value: 'a template key that collides with the pass’s own gives way' }],
  },
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
};

export function walletPass(overrides: { pass?: Partial<Pass>; template?: Partial<Template>; milestones?: MilestoneTerms[] } = {}): WalletPass {
  const pass = { ...PASS, ...overrides.pass };
  const template = { ...TEMPLATE, ...overrides.template };
  return {
    pass,
    template,
    businessName: 'Corner Café',
    codes: { barcode: { format: template.barcodeFormat, message: `https://passes.test/validate/${pass.serialNumber}` }, nfcMessage: pass.nfcData },
    milestones: overrides.milestones ?? [],
    lastModified: pass.updatedAt,
  };
}
