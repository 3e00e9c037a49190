/** Reading passes from the read model: by any of their three identifiers, by email, by external_id. */
import { classifyPassIdentifier, DomainError, type Pass } from '@passes/domain';
import { lookupKeys, type ReadModels } from '@passes/read-model';
import type { PassScope } from './pass-scope';

export class PassQueries {
  constructor(private readonly readModels: Pick<ReadModels, 'passes'>) {}

  /** The pass in scope named by an id, a serial_number or an external_id; not_found otherwise. */
  async get(scope: PassScope, identifier: string): Promise<Pass> {
    const pass = await this.find(scope, identifier);
    if (!pass) throw new DomainError('not_found', `Pass '${identifier}' not found`);
    return pass;
  }

  async byEmail({ businessId, mode }: PassScope, email: string): Promise<Pass[]> {
    return this.readModels.passes.find('email', lookupKeys.passByEmail(businessId, mode, email));
  }

  async byExternalId({ businessId, mode }: PassScope, externalId: string): Promise<Pass | null> {
    const [pass] = await this.readModels.passes.find('external_id', lookupKeys.passByExternalId(businessId, mode, externalId), 1);
    return pass ?? null;
  }

  /** The pass with this serial number, of any business: serial numbers are unique across the service. */
  async bySerialNumber(serialNumber: string): Promise<Pass | null> {
    const [pass] = await this.readModels.passes.find('serial', lookupKeys.passBySerial(serialNumber), 1);
    return pass ?? null;
  }

  /** Passes in scope whose own barcode_data is exactly `barcodeData`; up to `limit`. */
  async byBarcodeData({ businessId, mode }: PassScope, barcodeData: string, limit: number): Promise<Pass[]> {
    const key = lookupKeys.passByBarcodeData(businessId, mode, barcodeData);
    const passes = await this.readModels.passes.find('barcode_data', key, limit);
    // The key is a hash: compare the data itself too.
    return passes.filter((pass) => pass.barcodeData === barcodeData);
  }

  private async find(scope: PassScope, identifier: string): Promise<Pass | null> {
    const kind = classifyPassIdentifier(identifier);
    const byShape =
      kind === 'id'
        ? await this.readModels.passes.get(identifier.toLowerCase())
        : kind === 'serial_number'
          ? (await this.readModels.passes.find('serial', lookupKeys.passBySerial(identifier), 1))[0]
          : undefined;
    if (byShape && byShape.businessId === scope.businessId && byShape.mode === scope.mode) return byShape;
    // A caller's own external_id may happen to look like an id or a serial number.
    return this.byExternalId(scope, identifier);
  }
}
