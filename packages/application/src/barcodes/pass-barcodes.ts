/** The barcode and NFC message a pass carries: its own barcode_data / nfc_data, or its template's defaults. */
import type { BarcodeFormat, Pass, Template } from '@passes/domain';
import type { Templates } from '../templates/templates';
import type { BarcodeSignatures } from './barcode-signatures';
import { validationUrl } from './validation-url';

export interface PassCodes {
  barcode: { format: BarcodeFormat; message: string };
  nfcMessage: string | null;
}

export class PassBarcodes {
  constructor(
    private readonly templates: Templates,
    private readonly signatures: BarcodeSignatures,
    private readonly appUrl: () => string,
  ) {}

  async codesOf(pass: Pass): Promise<PassCodes> {
    const template = await this.templates.get(pass.businessId, pass.templateId);
    return {
      barcode: { format: template.barcodeFormat, message: pass.barcodeData ?? this.defaultMessage(pass, template) },
      nfcMessage: pass.nfcData ?? template.nfcMessage,
    };
  }

  private defaultMessage(pass: Pass, template: Template): string {
    const code = pass.serialNumber;
    const signature = template.scanSecurity.signedBarcodes ? this.signatures.sign(pass.businessId, code) : null;
    return validationUrl(this.appUrl(), code, signature);
  }
}
