/**
 * A plan's counted limits against concurrent creations: what a check admits given the usage it reads and
 * the creations already admitted, however the reads, appends and projections of those creations interleave.
 */
import { PLAN_LIMITS, PlanRefusal, type CountedResource, type Plan } from '@passes/domain';
import { positionOfInteger } from '@passes/event-store';
import type { CountedUsage } from './plans';
import { PlanLimitAdmissions, type LimitedUsage } from './plan-limit-admissions';

const BUSINESS = 'business-1';
const OTHER_BUSINESS = 'business-2';

/** The usage read models as checks read them; reads may be held back, each returning what the store held when it began. */
class UsageReads implements LimitedUsage {
  private usage = new Map<string, CountedUsage>();
  private heldBack: (() => void)[] | null = null;

  constructor(private readonly plan: Plan) {}

  async planLimiting(_businessId: string, resource: CountedResource): Promise<Plan | null> {
    return PLAN_LIMITS[this.plan][resource] === null ? null : this.plan;
  }

  counted(businessId: string, resource: CountedResource): Promise<CountedUsage> {
    const snapshot = this.usage.get(`${businessId}/${resource}`) ?? { used: 0, position: null };
    const waiting = this.heldBack;
    if (waiting === null) return Promise.resolve(snapshot);
    return new Promise((resolve) => waiting.push(() => resolve(snapshot)));
  }

  /** The projector took creations in: the business's usage counts `used` of `resource` as of `position`. */
  projected(resource: CountedResource, used: number, position: number, businessId = BUSINESS): void {
    this.usage.set(`${businessId}/${resource}`, { used, position: positionOfInteger(position) });
  }

  holdReadsBack(): void {
    this.heldBack = [];
  }

  releaseReads(): void {
    for (const release of this.heldBack ?? []) release();
    this.heldBack = null;
  }
}

/** A business on `plan` whose usage counts `used` of `resource`, as of feed position 1. */
function businessWith(plan: Plan, resource: CountedResource, used: number): { reads: UsageReads; admissions: PlanLimitAdmissions } {
  const reads = new UsageReads(plan);
  reads.projected(resource, used, 1);
  return { reads, admissions: new PlanLimitAdmissions(reads) };
}

const refusalOf = (feature: CountedResource, plan: Plan = 'free') => expect.objectContaining({ feature, plan });
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PlanLimitAdmissions of live passes on the Free plan (100)', () => {
  const refusal = refusalOf('passes');
  const freeBusinessWith = (livePasses: number) => businessWith('free', 'passes', livePasses);

  it('admits issues none of which is projected yet up to the limit, and refuses the next with the plan refusal', async () => {
    const { admissions } = freeBusinessWith(97);

    for (let i = 0; i < 3; i++) await admissions.admitOne(BUSINESS, 'passes');

    await expect(admissions.admitOne(BUSINESS, 'passes')).rejects.toBeInstanceOf(PlanRefusal);
    await expect(admissions.admitOne(BUSINESS, 'passes')).rejects.toEqual(refusal);
  });

  it('refuses a batch larger than the room left, and admits one that fits', async () => {
    const { admissions } = freeBusinessWith(90);
    (await admissions.admit(BUSINESS, 'passes', 5)).take();

    await expect(admissions.admit(BUSINESS, 'passes', 6)).rejects.toEqual(refusal);
    await expect(admissions.admit(BUSINESS, 'passes', 5)).resolves.toBeDefined();
  });

  it('does not count twice an issue the usage it reads already counts', async () => {
    const { reads, admissions } = freeBusinessWith(98);
    const first = await admissions.admitOne(BUSINESS, 'passes');
    first.appended(positionOfInteger(2));

    reads.projected('passes', 99, 2);

    await expect(admissions.admitOne(BUSINESS, 'passes')).resolves.toBeDefined();
    await expect(admissions.admitOne(BUSINESS, 'passes')).rejects.toEqual(refusal);
  });

  it('still counts a projected issue for a read that began before its projection', async () => {
    const { reads, admissions } = freeBusinessWith(99);
    const first = await admissions.admitOne(BUSINESS, 'passes');
    first.appended(positionOfInteger(2));
    reads.holdReadsBack();
    const second = admissions.admitOne(BUSINESS, 'passes');
    await settle();

    reads.projected('passes', 100, 2);
    first.reflected();
    reads.releaseReads();

    await expect(second).rejects.toEqual(refusal);
  });

  it('gives back the room of an issue that failed before it was appended', async () => {
    const { admissions } = freeBusinessWith(99);
    const failing = await admissions.admitOne(BUSINESS, 'passes');

    failing.failed();

    await expect(admissions.admitOne(BUSINESS, 'passes')).resolves.toBeDefined();
  });

  it('keeps counting an issue that failed after it was appended until the usage counts it', async () => {
    const { admissions } = freeBusinessWith(99);
    const appended = await admissions.admitOne(BUSINESS, 'passes');
    appended.appended(positionOfInteger(2));

    appended.failed();

    await expect(admissions.admitOne(BUSINESS, 'passes')).rejects.toEqual(refusal);
  });
});

describe('PlanLimitAdmissions of templates and webhooks on the Free plan (1 each)', () => {
  it('admits one template of a business with none while neither is projected, and refuses the next', async () => {
    const { admissions } = businessWith('free', 'templates', 0);

    await admissions.admitOne(BUSINESS, 'templates');

    await expect(admissions.admitOne(BUSINESS, 'templates')).rejects.toEqual(refusalOf('templates'));
  });

  it('gives back the room of a webhook registration that failed before it was appended', async () => {
    const { admissions } = businessWith('free', 'webhooks', 0);
    const failing = await admissions.admitOne(BUSINESS, 'webhooks');

    failing.failed();

    await expect(admissions.admitOne(BUSINESS, 'webhooks')).resolves.toBeDefined();
  });

  it('admits again when the webhook it held was registered and deleted before the count it reads', async () => {
    const { reads, admissions } = businessWith('free', 'webhooks', 0);
    const first = await admissions.admitOne(BUSINESS, 'webhooks');
    first.appended(positionOfInteger(2));

    reads.projected('webhooks', 0, 3);

    await expect(admissions.admitOne(BUSINESS, 'webhooks')).resolves.toBeDefined();
  });

  it('holds each resource and each business apart: a held template takes no webhook or other business room', async () => {
    const { admissions } = businessWith('free', 'templates', 0);
    await admissions.admitOne(BUSINESS, 'templates');

    await expect(admissions.admitOne(BUSINESS, 'webhooks')).resolves.toBeDefined();
    await expect(admissions.admitOne(OTHER_BUSINESS, 'templates')).resolves.toBeDefined();
    await expect(admissions.admitOne(BUSINESS, 'templates')).rejects.toEqual(refusalOf('templates'));
  });
});

describe('PlanLimitAdmissions on the Pro plan (passes and templates unlimited, 20 webhooks)', () => {
  it('admits any number of issues and templates without counting them', async () => {
    const reads = new UsageReads('pro');
    reads.projected('passes', 10_000_000, 1);
    reads.projected('templates', 10_000, 1);
    const admissions = new PlanLimitAdmissions(reads);

    await expect(admissions.admit(BUSINESS, 'passes', 500)).resolves.toBeDefined();
    await expect(admissions.admit(BUSINESS, 'passes', 500)).resolves.toBeDefined();
    for (let i = 0; i < 3; i++) await expect(admissions.admitOne(BUSINESS, 'templates')).resolves.toBeDefined();
  });

  it('holds webhooks to their limit like any counted limit', async () => {
    const { admissions } = businessWith('pro', 'webhooks', 19);

    await admissions.admitOne(BUSINESS, 'webhooks');

    await expect(admissions.admitOne(BUSINESS, 'webhooks')).rejects.toEqual(refusalOf('webhooks', 'pro'));
  });
});
