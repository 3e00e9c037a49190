/**
 * How long signing a .pkpass takes (issue 13: a pass is signed on every download, so it must not
 * dominate a request): one pass at a time for the median and p99, then 500 in a row for passes/s. In
 * this process, with a throwaway certificate chain that openssl makes in a temp directory, as the tests do.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { defaultTemplateSettings, NO_TEMPLATE_IMAGES, type Pass, type Template } from '@passes/domain';
import { AppleWallet, PassSecrets, type WalletPass } from '@passes/wallets';
import { heading, type SectionOutcome } from './section';

const SINGLE_RUNS = 200;
const WARM_UP = 20;
const IN_A_ROW = 500;

export interface PkpassFigures {
  bytes: number;
  singleMedianMs: number;
  singleP99Ms: number;
  inARow: number;
  passesPerSecond: number;
}

function measurePkpass(): PkpassFigures {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-bench-certificates-'));
  try {
    const apple = new AppleWallet(signingSettings(directory), new PassSecrets(new Uint8Array(32)), () => 'https://passes.example', async () => ({}));
    const pass = benchPass();
    const sign = () => apple.pkpass(pass, new Date());
    for (let run = 0; run < WARM_UP; run++) sign();
    const single: number[] = [];
    for (let run = 0; run < SINGLE_RUNS; run++) {
      const started = performance.now();
      sign();
      single.push(performance.now() - started);
    }
    single.sort((a, b) => a - b);
    const started = performance.now();
    for (let run = 0; run < IN_A_ROW; run++) sign();
    const elapsedMs = performance.now() - started;
    return {
      bytes: sign().length,
      singleMedianMs: single[Math.floor(single.length / 2)] ?? 0,
      singleP99Ms: single[Math.ceil(single.length * 0.99) - 1] ?? 0,
      inARow: IN_A_ROW,
      passesPerSecond: (IN_A_ROW / elapsedMs) * 1000,
    };
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

/** The `pkpass` section: signing in this process, no server needed. */
export function runPkpassSection(): SectionOutcome<PkpassFigures> {
  const figures = measurePkpass();
  return { lines: ['', heading('pkpass · signing an Apple Wallet pass, one at a time, in this process'), ...pkpassLines(figures)], warnings: [], figures };
}

function pkpassLines(figures: PkpassFigures): string[] {
  return [
    [
      'pkpass signing'.padEnd(13),
      `median ${figures.singleMedianMs.toFixed(2)} ms`,
      `p99 ${figures.singleP99Ms.toFixed(2)} ms`,
      `${figures.passesPerSecond.toFixed(0)} passes/s for ${figures.inARow} in a row`,
      `${(figures.bytes / 1024).toFixed(1)} KiB a pass`,
    ].join('   '),
  ];
}

/** A CA standing in for Apple's WWDR, and a 2048-bit RSA pass certificate under it, like Apple issues. */
function signingSettings(directory: string) {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: directory, stdio: ['ignore', 'ignore', 'pipe'] });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'wwdr.key', '-out', 'wwdr.pem', '-days', '1', '-subj', '/CN=Bench WWDR');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'pass.key', '-out', 'pass.csr', '-subj', '/CN=Pass Type ID: pass.bench.passes');
  openssl('x509', '-req', '-in', 'pass.csr', '-CA', 'wwdr.pem', '-CAkey', 'wwdr.key', '-CAcreateserial', '-out', 'pass.pem', '-days', '1');
  const read = (name: string) => fs.readFileSync(path.join(directory, name), 'utf8');
  return {
    passTypeIdentifier: 'pass.bench.passes',
    teamIdentifier: 'BENCH12345',
    certificatePem: read('pass.pem'),
    privateKeyPem: read('pass.key'),
    privateKeyPassphrase: null,
    wwdrCertificatePem: read('wwdr.pem'),
    nfcEncryptionPublicKey: null,
    apnsUrl: 'https://api.push.apple.com',
    apnsCaPem: null,
  };
}

/** A pass with every figure and a full template, so the timing covers the largest pass.json we make. */
function benchPass(): WalletPass {
  const at = '2026-11-21T10:00:00.000Z';
  const pass: Pass = {
    id: '0196b5e2-7c1a-7d3e-9f40-1a2b3c4d5e6f',
    businessId: '0196b5e2-0000-7000-8000-000000000001',
    mode: 'live',
    templateId: '0196b5e2-0000-7000-8000-000000000002',
    serialNumber: 'PS-7K3M-9QXA-2D4F',
    status: 'active',
    customerName: 'Ada Lovelace',
    customerEmail: 'ada@example.com',
    externalId: null,
    points: 1200,
    balanceMinor: 1250,
    stamps: 7,
    metadata: {},
    barcodeData: null,
    nfcData: null,
    walletDevices: {},
    rewards: [],
    payments: {},
    lastMessage: { campaignId: '0196b5e2-0000-7000-8000-000000000003', header: 'Double stamps', body: 'Every stamp counts twice this Friday.', sentAt: at, notify: true },
    messageSources: [],
    notifiedAt: [],
    createdAt: at,
    updatedAt: at,
    checkedInAt: null,
    redeemedAt: null,
    voidedAt: null,
    reactivatedAt: null,
    lastScannedAt: null,
    lastActivityAt: at,
    automationRuns: [],
    automationEmailsStoppedAt: null,
  };
  const template: Template = {
    ...defaultTemplateSettings('Coffee card'),
    id: pass.templateId,
    businessId: pass.businessId,
    images: NO_TEMPLATE_IMAGES,
    currency: 'GBP',
    stampsForReward: 10,
    displayFields: {
      header: [{ key: 'tier', label: 'Tier', value: 'Gold' }],
      primary: [{ key: 'offer', label: 'Offer', value: 'Tenth coffee free' }],
      secondary: [],
      auxiliary: [],
      back: Array.from({ length: 10 }, (_, index) => ({ key: `terms_${index}`, label: `Terms ${index + 1}`, value: 'Valid in every shop of the chain. '.repeat(4) })),
    },
    createdAt: at,
    updatedAt: at,
  };
  return {
    pass,
    template,
    businessName: 'Corner Café',
    codes: { barcode: { format: 'qr', message: `https://passes.example/validate/${pass.serialNumber}?sig=${'x'.repeat(43)}` }, nfcMessage: null },
    milestones: [],
    lastModified: at,
  };
}
