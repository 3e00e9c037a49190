/**
 * A campaign's audience, read from the passes read model a page at a time by the audience keys (a
 * business's passes of one mode, or of one template), never all at once: the statuses, minimums and
 * wallet filter are applied to each page as it is read.
 */
import { hasNotificationLeft, type Audience, type Mode, type Pass } from '@passes/domain';
import { lookupKeys, type ReadModels } from '@passes/read-model';

/** Passes read in one page: large enough to batch appends, small enough to hold in memory at once. */
export const AUDIENCE_PAGE_SIZE = 500;

export interface AudiencePage {
  passes: Pass[];
  /** Where the next page starts; null after the last. */
  next: string | null;
}

/** Whom a page of the audience messages. */
export interface RecipientsPage {
  recipients: { businessId: string; passId: string }[];
  next: string | null;
}

export interface AudienceSize {
  recipients: number;
  /** Recipients past Google's notification quota now: they would get the message without a notification. */
  quotaLimited: number;
}

export class Audiences {
  constructor(private readonly readModels: Pick<ReadModels, 'passes'>) {}

  /** The passes of one page of the audience that match it, from `after` (null: the start). */
  private async page(target: { businessId: string; mode: Mode }, audience: Audience, after: string | null, limit = AUDIENCE_PAGE_SIZE): Promise<AudiencePage> {
    const key = lookupKeys.passAudience(target.businessId, target.mode, audience.templateId);
    const { docs, next } = await this.readModels.passes.findPage('audience', key, after, limit, 'oldest-first', 'in-passing');
    return { passes: docs.filter((pass) => matches(pass, audience)), next };
  }

  /**
   * A page's recipients, without their documents: a sender holds a page while it messages it, and documents
   * held that long outlive the young generation of the heap, to be collected only by a full collection.
   */
  async recipients(target: { businessId: string; mode: Mode }, audience: Audience, after: string | null, limit: number): Promise<RecipientsPage> {
    const { passes, next } = await this.page(target, audience, after, limit);
    return { recipients: passes.map((pass) => ({ businessId: pass.businessId, passId: pass.id })), next };
  }

  /** The audience's size now, counted page by page. */
  async size(target: { businessId: string; mode: Mode }, audience: Audience, now: Date): Promise<AudienceSize> {
    const size = { recipients: 0, quotaLimited: 0 };
    let after: string | null = null;
    do {
      const page: AudiencePage = await this.page(target, audience, after);
      size.recipients += page.passes.length;
      size.quotaLimited += page.passes.filter((pass) => Object.keys(pass.walletDevices).length === 0 && !hasNotificationLeft(pass, now)).length;
      after = page.next;
    } while (after !== null);
    return size;
  }
}

export function matches(pass: Pass, audience: Audience): boolean {
  if (!audience.statuses.includes(pass.status)) return false;
  if (audience.minStamps !== null && pass.stamps < audience.minStamps) return false;
  if (audience.minPoints !== null && pass.points < audience.minPoints) return false;
  return !audience.installedOnly || Object.keys(pass.walletDevices).length > 0;
}
