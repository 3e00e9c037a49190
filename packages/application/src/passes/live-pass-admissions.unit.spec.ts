/**
 * The live-pass limit against concurrent issues: what a check admits given the usage it reads and the
 * issues already admitted, however the reads, appends and projections of those issues interleave.
 */
import { PLAN_LIMITS, PlanRefusal, type CountedResource, type Plan } from '@passes/domain';
import { positionOfInteger, type Position } from '@passes/event-store';
import { LivePassAdmissions, type LivePassCounts } from './live-pass-admissions';

const BUSINESS = 'business-1';

/** The usage read model as checks read it; reads may be held back, each returning what the store held when it began. */
class UsageReads implements LivePassCounts {
  private usage: { livePasses: number; position: Position | null } = { livePasses: 0, position: null };
  private heldBack: (() => void)[] | null = null;

  constructor(private readonly plan: Plan) {}

  async planLimiting(_businessId: string, resource: CountedResource): Promise<Plan | null> {
    return PLAN_LIMITS[this.plan][resource] === null ? null : this.plan;
  }

  countedLivePasses(): Promise<{ livePasses: number; position: Position | null }> {
    const snapshot = { ...this.usage };
    const waiting = this.heldBack;
    if (waiting === null) return Promise.resolve(snapshot);
    return new Promise((resolve) => waiting.push(() => resolve(snapshot)));
  }

  /** The projector took issues in: the usage counts `livePasses` as of `position`. */
  projected(livePasses: number, position: number): void {
    this.usage = { livePasses, position: positionOfInteger(position) };
  }

  holdReadsBack(): void {
    this.heldBack = [];
  }

  releaseReads(): void {
    for (const release of this.heldBack ?? []) release();
    this.heldBack = null;
  }
}

/** A Free business whose usage counts `livePasses`, as of feed position 1. */
function freeBusinessWith(livePasses: number): { reads: UsageReads; admissions: LivePassAdmissions } {
  const reads = new UsageReads('free');
  reads.projected(livePasses, 1);
  return { reads, admissions: new LivePassAdmissions(reads) };
}

const refusal = expect.objectContaining({ feature: 'passes', plan: 'free' });
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('LivePassAdmissions on the Free plan (100 live passes)', () => {
  it('admits issues none of which is projected yet up to the limit, and refuses the next with the plan refusal', async () => {
    const { admissions } = freeBusinessWith(97);

    for (let i = 0; i < 3; i++) (await admissions.admit(BUSINESS, 1)).take();

    await expect(admissions.admit(BUSINESS, 1)).rejects.toBeInstanceOf(PlanRefusal);
    await expect(admissions.admit(BUSINESS, 1)).rejects.toEqual(refusal);
  });

  it('refuses a batch larger than the room left, and admits one that fits', async () => {
    const { admissions } = freeBusinessWith(90);
    (await admissions.admit(BUSINESS, 5)).take();

    await expect(admissions.admit(BUSINESS, 6)).rejects.toEqual(refusal);
    await expect(admissions.admit(BUSINESS, 5)).resolves.toBeDefined();
  });

  it('does not count twice an issue the usage it reads already counts', async () => {
    const { reads, admissions } = freeBusinessWith(98);
    const first = (await admissions.admit(BUSINESS, 1)).take();
    first.appended(positionOfInteger(2));

    reads.projected(99, 2);

    await expect(admissions.admit(BUSINESS, 1)).resolves.toBeDefined();
    await expect(admissions.admit(BUSINESS, 1)).rejects.toEqual(refusal);
  });

  it('still counts a projected issue for a read that began before its projection', async () => {
    const { reads, admissions } = freeBusinessWith(99);
    const first = (await admissions.admit(BUSINESS, 1)).take();
    first.appended(positionOfInteger(2));
    reads.holdReadsBack();
    const second = admissions.admit(BUSINESS, 1);
    await settle();

    reads.projected(100, 2);
    first.reflected();
    reads.releaseReads();

    await expect(second).rejects.toEqual(refusal);
  });

  it('gives back the room of an issue that failed before it was appended', async () => {
    const { admissions } = freeBusinessWith(99);
    const failing = (await admissions.admit(BUSINESS, 1)).take();

    failing.failed();

    await expect(admissions.admit(BUSINESS, 1)).resolves.toBeDefined();
  });

  it('keeps counting an issue that failed after it was appended until the usage counts it', async () => {
    const { admissions } = freeBusinessWith(99);
    const appended = (await admissions.admit(BUSINESS, 1)).take();
    appended.appended(positionOfInteger(2));

    appended.failed();

    await expect(admissions.admit(BUSINESS, 1)).rejects.toEqual(refusal);
  });
});

describe('LivePassAdmissions on the Pro plan (no pass limit)', () => {
  it('admits any number of issues without counting them', async () => {
    const reads = new UsageReads('pro');
    reads.projected(10_000_000, 1);
    const admissions = new LivePassAdmissions(reads);

    await expect(admissions.admit(BUSINESS, 500)).resolves.toBeDefined();
    await expect(admissions.admit(BUSINESS, 500)).resolves.toBeDefined();
  });
});
