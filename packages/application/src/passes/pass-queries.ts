/** Reading passes from the read model: by any of their three identifiers, by email, by external_id. */
import { classifyPassIdentifier, DomainError, type Pass } from '@passes/domain';
import { collections, lookupKeys, type DocumentStore } from '@passes/read-model';
import type { PassScope } from './pass-scope';

export class PassQueries {
  constructor(private readonly documents: DocumentStore) {}

  /** The pass in scope named by an id, a serial_number or an external_id; not_found otherwise. */
  async get(scope: PassScope, identifier: string): Promise<Pass> {
    const pass = await this.find(scope, identifier);
    if (!pass) throw new DomainError('not_found', `Pass '${identifier}' not found`);
    return pass;
  }

  async byEmail({ businessId, mode }: PassScope, email: string): Promise<Pass[]> {
    return this.documents.find<Pass>(collections.passes, 'email', lookupKeys.passByEmail(businessId, mode, email));
  }

  async byExternalId({ businessId, mode }: PassScope, externalId: string): Promise<Pass | null> {
    const [pass] = await this.documents.find<Pass>(collections.passes, 'external_id', lookupKeys.passByExternalId(businessId, mode, externalId), 1);
    return pass ?? null;
  }

  /** The pass with this serial number, of any business: serial numbers are unique across the service. */
  async bySerialNumber(serialNumber: string): Promise<Pass | null> {
    const [pass] = await this.documents.find<Pass>(collections.passes, 'serial', lookupKeys.passBySerial(serialNumber), 1);
    return pass ?? null;
  }

  /** Passes in scope whose own barcode_data is exactly `barcodeData`; up to `limit`. */
  async byBarcodeData({ businessId, mode }: PassScope, barcodeData: string, limit: number): Promise<Pass[]> {
    const key = lookupKeys.passByBarcodeData(businessId, mode, barcodeData);
    const passes = await this.documents.find<Pass>(collections.passes, 'barcode_data', key, limit);
    // The key is a hash: compare the data itself too.
    return passes.filter((pass) => pass.barcodeData === barcodeData);
  }

  private async find(scope: PassScope, identifier: string): Promise<Pass | null> {
    const kind = classifyPassIdentifier(identifier);
    const byShape =
      kind === 'id'
        ? (await this.documents.get<Pass>(collections.passes, identifier.toLowerCase()))?.doc
        : kind === 'serial_number'
          ? (await this.documents.find<Pass>(collections.passes, 'serial', lookupKeys.passBySerial(identifier), 1))[0]
          : undefined;
    if (byShape && byShape.businessId === scope.businessId && byShape.mode === scope.mode) return byShape;
    // A caller's own external_id may happen to look like an id or a serial number.
    return this.byExternalId(scope, identifier);
  }
}
