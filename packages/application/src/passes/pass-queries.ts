/** Reading passes from the read model: by any of their three identifiers, by email, by external_id. */
import { classifyPassIdentifier, DomainError, type Pass } from '@passes/domain';
import { collections, lookupKeys, type DocumentStore } from '@passes/read-model';

export class PassQueries {
  constructor(private readonly documents: DocumentStore) {}

  /** The pass of this business named by an id, a serial_number or an external_id; not_found otherwise. */
  async get(businessId: string, identifier: string): Promise<Pass> {
    const pass = await this.find(businessId, identifier);
    if (!pass) throw new DomainError('not_found', `Pass '${identifier}' not found`);
    return pass;
  }

  async byEmail(businessId: string, email: string): Promise<Pass[]> {
    return this.documents.find<Pass>(collections.passes, 'email', lookupKeys.passByEmail(businessId, email));
  }

  async byExternalId(businessId: string, externalId: string): Promise<Pass | null> {
    const [pass] = await this.documents.find<Pass>(collections.passes, 'external_id', lookupKeys.passByExternalId(businessId, externalId), 1);
    return pass ?? null;
  }

  private async find(businessId: string, identifier: string): Promise<Pass | null> {
    const kind = classifyPassIdentifier(identifier);
    const byShape =
      kind === 'id'
        ? (await this.documents.get<Pass>(collections.passes, identifier.toLowerCase()))?.doc
        : kind === 'serial_number'
          ? (await this.documents.find<Pass>(collections.passes, 'serial', lookupKeys.passBySerial(identifier), 1))[0]
          : undefined;
    if (byShape && byShape.businessId === businessId) return byShape;
    // A caller's own external_id may happen to look like an id or a serial number.
    return this.byExternalId(businessId, identifier);
  }
}
