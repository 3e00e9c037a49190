/** What a customer sees through their link: their passes in every business, with the names a person recognises. */
import type { Pass } from '@passes/domain';
import { lookupKeys, type ReadModel, type ReadModels } from '@passes/read-model';
import type { CustomerTokens } from './customer-tokens';

export interface CustomerPass {
  pass: Pass;
  businessName: string;
  templateName: string;
  /** The template's currency, for the balance. */
  currency: string | null;
}

export type CustomerPassesResult = { status: 'valid'; passes: CustomerPass[]; expiresAt: Date } | { status: 'expired' } | { status: 'invalid' };

export class CustomerPasses {
  constructor(
    private readonly readModels: Pick<ReadModels, 'passes' | 'businesses' | 'templates'>,
    private readonly tokens: CustomerTokens,
  ) {}

  /**
   * The one place that selects a customer's passes, for both the link email (is there anything to
   * send?) and the list. The index holds live passes only: customers never see sandbox passes.
   */
  async select(emailDigest: string): Promise<Pass[]> {
    return this.readModels.passes.find('customer', lookupKeys.passByCustomer(emailDigest));
  }

  async forToken(token: string | undefined): Promise<CustomerPassesResult> {
    const check = await this.tokens.check(token);
    if (check.status !== 'valid') return check;
    const passes = await this.select(check.emailDigest);
    const names = new Map<string, Promise<string>>();
    const nameOf = (readModel: Pick<ReadModel<{ name: string }, string>, 'collection' | 'get'>, id: string) => {
      const key = `${readModel.collection}/${id}`;
      let name = names.get(key);
      if (!name) {
        name = readModel.get(id).then((found) => found?.name ?? '');
        names.set(key, name);
      }
      return name;
    };
    const withNames = await Promise.all(
      passes.map(async (pass) => ({
        pass,
        businessName: await nameOf(this.readModels.businesses, pass.businessId),
        templateName: await nameOf(this.readModels.templates, pass.templateId),
        currency: (await this.readModels.templates.get(pass.templateId))?.currency ?? null,
      })),
    );
    return { status: 'valid', passes: withNames, expiresAt: check.expiresAt };
  }
}
