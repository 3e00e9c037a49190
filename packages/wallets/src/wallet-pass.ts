/**
 * A pass with everything a wallet shows of it: its template, its business's name, the codes it carries and
 * the milestones that apply to it (for its next reward).
 */
import type { PassBarcodes, PassCodes } from '@passes/application';
import { milestonesFor, type MilestoneTerms, type Pass, type Template } from '@passes/domain';
import { lookupKeys, type ReadModels } from '@passes/read-model';

export interface WalletPass {
  pass: Pass;
  template: Template;
  businessName: string;
  codes: PassCodes;
  milestones: readonly MilestoneTerms[];
  /** When anything a wallet shows last changed: the pass itself, or its template (ISO 8601). */
  lastModified: string;
}

export class WalletPasses {
  constructor(
    private readonly readModels: Pick<ReadModels, 'businesses' | 'templates' | 'milestones'>,
    private readonly barcodes: PassBarcodes,
  ) {}

  /** Null when the pass's template or business is gone from the read models (never, but not assumed). */
  async of(pass: Pass): Promise<WalletPass | null> {
    const [template, business, milestones] = await Promise.all([
      this.readModels.templates.get(pass.templateId),
      this.readModels.businesses.get(pass.businessId),
      this.readModels.milestones.find('template', lookupKeys.byTemplate(pass.templateId)),
    ]);
    if (!template || !business) return null;
    const codes = await this.barcodes.codesOf(pass);
    return { pass, template, businessName: business.name, codes, milestones: milestonesFor(pass, milestones), lastModified: lastModifiedOf(pass, template) };
  }
}

export function lastModifiedOf(pass: Pass, template: Template): string {
  return pass.updatedAt > template.updatedAt ? pass.updatedAt : template.updatedAt;
}
