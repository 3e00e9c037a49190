/** Reading passes from the read model: by any of their three identifiers, by email, by external_id. */
import { classifyPassIdentifier, DomainError, type Pass } from '@passes/domain';
import { collections, lookupKeys, type DocumentStore } from '@passes/read-model';
import type { PassScope } from './pass-scope';

/** A live and a sandbox pass may share an external_id, so a lookup can match one of each. */
const PASSES_PER_EXTERNAL_ID = 2;

export class PassQueries {
  constructor(private readonly documents: DocumentStore) {}

  /** The pass in scope named by an id, a serial_number or an external_id; not_found otherwise. */
  async get(scope: PassScope, identifier: string): Promise<Pass> {
    const pass = await this.find(scope, identifier);
    if (!pass) throw new DomainError('not_found', `Pass '${identifier}' not found`);
    return pass;
  }

  async byEmail(scope: PassScope, email: string): Promise<Pass[]> {
    const passes = await this.documents.find<Pass>(collections.passes, 'email', lookupKeys.passByEmail(scope.businessId, email));
    return passes.filter((pass) => pass.mode === scope.mode);
  }

  async byExternalId(scope: PassScope, externalId: string): Promise<Pass | null> {
    const key = lookupKeys.passByExternalId(scope.businessId, externalId);
    const passes = await this.documents.find<Pass>(collections.passes, 'external_id', key, PASSES_PER_EXTERNAL_ID);
    return passes.find((pass) => pass.mode === scope.mode) ?? null;
  }

  /** Live passes issued by a business: what the plan's pass limit counts. */
  countLive(businessId: string): Promise<number> {
    return this.documents.count(collections.passes, 'business', lookupKeys.passesOfBusiness(businessId, 'live'));
  }

  /** The pass with this serial number, of any business: serial numbers are unique across the service. */
  async bySerialNumber(serialNumber: string): Promise<Pass | null> {
    const [pass] = await this.documents.find<Pass>(collections.passes, 'serial', lookupKeys.passBySerial(serialNumber), 1);
    return pass ?? null;
  }

  /** Passes of this business whose own barcode_data is exactly `barcodeData`; up to `limit`. */
  async byBarcodeData(businessId: string, barcodeData: string, limit: number): Promise<Pass[]> {
    const passes = await this.documents.find<Pass>(collections.passes, 'barcode_data', lookupKeys.passByBarcodeData(businessId, barcodeData), limit);
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
