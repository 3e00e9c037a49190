/**
 * Scanning passes (spec: Scan security): at a business's counter (`POST /scans`, recorded as
 * PassScanned and possibly a check-in), and the public validation page's read-only verdict.
 * The pass behind a scanned text is found here, in one place: by the business's own barcode_data, else
 * by the serial number in a validation URL or given bare (in any case, when no signature comes with it).
 */
import {
  cooldownRefusal,
  passAggregate,
  scanInvalidity,
  streamNames,
  typedSerialNumber,
  type Pass,
  type PassEvent,
  type PassStatus,
  type ScanMode,
  type ScanReason,
  type SignatureCheck,
  type Template,
} from '@passes/domain';
import type { BarcodeSignatures } from '../barcodes/barcode-signatures';
import { parseScannedCode } from '../barcodes/validation-url';
import type { PassQueries } from '../passes/pass-queries';
import type { PassScope } from '../passes/pass-scope';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import type { CommandHandler } from '../shared/command-handler';
import type { Milestones } from '../milestones/milestones';
import { awaitReadModels, type ReadYourWrites } from '../shared/read-your-writes';
import type { Templates } from '../templates/templates';

/** Beyond the domain's reasons: nothing in this business answers to the code, or more than one pass does. */
export type ScanOutcomeReason = ScanReason | 'unknown_code' | 'ambiguous_barcode';

interface ScanResult {
  valid: boolean;
  reason: ScanOutcomeReason | null;
  /** The pass after the scan; null when no single pass of the business answers to the code. */
  pass: Pass | null;
  checkedIn: boolean;
}

/** What the public page may show: never personal data, and nothing at all about a pass behind a bad signature. */
export interface Validation {
  valid: boolean;
  reason: ScanOutcomeReason | null;
  status: PassStatus | null;
  templateName: string | null;
  /** When the verdict was given: shown on the page, so a screenshot of the page itself shows its age. */
  checkedAt: string;
}

interface Found {
  pass: Pass;
  template: Template;
  signature: SignatureCheck;
}

type PassScanned = Extract<PassEvent, { type: 'PassScanned' }>;

export class Scans {
  constructor(
    private readonly commands: CommandHandler,
    private readonly passes: PassQueries,
    private readonly templates: Templates,
    private readonly milestones: Milestones,
    private readonly signatures: BarcodeSignatures,
    private readonly clock: Clock,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async scan(scope: PassScope, request: { code: string; mode: ScanMode }, context: CommandContext): Promise<ScanResult> {
    const { businessId } = scope;
    const found = await this.resolve(scope, request.code);
    if (typeof found === 'string') return { valid: false, reason: found, pass: null, checkedIn: false };
    const { pass, template, signature } = found;
    const { scanCooldown: cooldown, autoStampOnScan: autoStamp } = template.scanSecurity;
    const now = this.clock.now();
    const result = await this.commands.handle(passAggregate, { stream: streamNames.pass(pass.id), businessId, context }, async () => ({
      type: 'ScanPass' as const,
      mode: request.mode,
      signature,
      cooldown,
      autoStamp,
      // An auto-stamp may earn a reward.
      milestones: autoStamp ? await this.milestones.contextFor(pass) : [],
      now,
    }));
    if (result.position !== null) await awaitReadModels(this.readYourWrites, result.position, context);
    const scanned = result.events.find((event): event is PassScanned => event.type === 'PassScanned');
    if (!scanned) throw new Error('ScanPass recorded no PassScanned');
    const after = result.state ?? pass;
    // An explicit check-in the cooldown blocks is refused like action 10 (429), though the scan is on record.
    if (request.mode === 'checkin' && scanned.data.reason === 'scan_cooldown') {
      const refusal = cooldownRefusal(after.checkedInAt, cooldown, now);
      if (refusal) throw refusal;
    }
    return { valid: scanned.data.valid, reason: scanned.data.reason, pass: after, checkedIn: scanned.data.checked_in };
  }

  /** The public page's verdict on `{app_url}/validate/<code>?sig=…`. Changes nothing. */
  async validate(code: string, signature: string | null): Promise<Validation> {
    const checkedAt = this.clock.now().toISOString();
    const pass = await this.passes.bySerialNumber(code);
    if (!pass) return { valid: false, reason: 'unknown_code', status: null, templateName: null, checkedAt };
    const found = await this.withSignature(pass, signature);
    const reason = scanInvalidity(found.signature, pass.status);
    if (found.signature === 'missing' || found.signature === 'invalid') return { valid: false, reason, status: null, templateName: null, checkedAt };
    return { valid: reason === null, reason, status: pass.status, templateName: found.template.name, checkedAt };
  }

  /** Only passes in the caller's scope answer: a live scanner never finds a sandbox pass, nor the reverse. */
  private async resolve(scope: PassScope, text: string): Promise<Found | 'unknown_code' | 'ambiguous_barcode'> {
    const { businessId, mode } = scope;
    const byOwnData = await this.passes.byBarcodeData(scope, text, 2);
    if (byOwnData.length > 1) return 'ambiguous_barcode';
    const [own] = byOwnData;
    // A pass's own barcode_data is the business's code, which it chose instead of the signed URL.
    if (own) return { pass: own, template: await this.templateOf(own), signature: 'not_required' };
    const scanned = parseScannedCode(text);
    // A signature is over the serial number as issued, so a code under one is read exactly; without one,
    // a serial number typed in lower case (or a phone's capital first letter) is the same pass.
    const code = scanned.signature === null ? (typedSerialNumber(scanned.code) ?? scanned.code) : scanned.code;
    const pass = await this.passes.bySerialNumber(code);
    if (!pass || pass.businessId !== businessId || pass.mode !== mode) return 'unknown_code';
    return this.withSignature(pass, scanned.signature);
  }

  private async withSignature(pass: Pass, signature: string | null): Promise<Found> {
    const template = await this.templateOf(pass);
    return { pass, template, signature: this.signatureCheck(pass, template, signature) };
  }

  private signatureCheck(pass: Pass, template: Template, signature: string | null): SignatureCheck {
    if (!template.scanSecurity.signedBarcodes) return 'not_required';
    if (signature === null) return 'missing';
    return this.signatures.verify(pass.businessId, pass.serialNumber, signature) ? 'valid' : 'invalid';
  }

  private templateOf(pass: Pass): Promise<Template> {
    return this.templates.get(pass.businessId, pass.templateId);
  }
}
