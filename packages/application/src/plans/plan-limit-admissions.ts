/**
 * Holds a plan's counted limits (live passes, templates, webhooks) exactly against concurrent creations
 * within this process.
 *
 * A check counts what the read models hold, which learn of a creation only once it is appended and
 * projected. Creations checked meanwhile would each see the same count and could all pass it, taking a
 * business past its limit by their number. So every creation admitted under a limit is held here, per
 * business and resource, until the read models are known to count it, and each check adds the held
 * creations the count it read does not reflect yet. Nothing is held for a resource the plan does not limit
 * (Pro's passes and templates), and creations are never queued behind one another: a check is the same
 * reads it always was, plus a walk over at most the limit's worth of held creations.
 *
 * Another process's creations are not held here: see docs/decisions.md (Plans) for that remaining window.
 */
import { requireWithinLimit, type CountedResource } from '@passes/domain';
import { hasReached, type Position } from '@passes/event-store';
import type { CommandContext } from '../shared/command-context';
import { awaitReadModels, type ReadYourWrites } from '../shared/read-your-writes';
import type { Plans } from './plans';

/** One admitted creation, told how it went. */
export interface Admission {
  /** The creation's event was appended at `position`: it counts until the read models reach that position. */
  appended(position: Position): void;
  /** The read models reached the creation's position, so every count read from now on takes it in. */
  reflected(): void;
  /** The creation failed. One never appended is let go; one appended stays held until it is reflected. */
  failed(): void;
}

/** The room a check granted: one admission per creation it let through. */
export interface AdmittedBatch {
  take(): Admission;
}

interface HeldCreation {
  /** Null until the creation is appended: until then no read model can count it. */
  position: Position | null;
  reflected: boolean;
}

interface Ledger {
  held: Set<HeldCreation>;
  /**
   * Count reads under way. One of them may have read the store before a held creation was projected, so
   * a reflected creation is let go only when none is under way: any read begun after that counts it.
   */
  reading: number;
}

/** What a check reads: `Plans` in the service; an admission test may hold the reads back. */
export type LimitedUsage = Pick<Plans, 'planLimiting' | 'counted'>;

/** The admission of a creation no limit counts (Pro's passes, sandbox passes), or of a command that creates nothing. */
export const UNHELD_ADMISSION: Admission = { appended: () => undefined, reflected: () => undefined, failed: () => undefined };
export const UNHELD_BATCH: AdmittedBatch = { take: () => UNHELD_ADMISSION };

export class PlanLimitAdmissions {
  /** By `ledgerKey`: one ledger per business and limited resource, while it holds anything. */
  private readonly ledgers = new Map<string, Ledger>();

  constructor(private readonly usage: LimitedUsage) {}

  /** Admits one more of the business's `resource`, or refuses it with the plan's 402. */
  async admitOne(businessId: string, resource: CountedResource): Promise<Admission> {
    return (await this.admit(businessId, resource, 1)).take();
  }

  /** Admits `count` more of the business's `resource`, or refuses them all with the plan's 402. */
  async admit(businessId: string, resource: CountedResource, count: number): Promise<AdmittedBatch> {
    const plan = await this.usage.planLimiting(businessId, resource);
    if (plan === null) return UNHELD_BATCH;
    const key = ledgerKey(businessId, resource);
    const ledger = this.ledgerOf(key);
    ledger.reading += 1;
    try {
      const counted = await this.usage.counted(businessId, resource);
      let notYetCounted = 0;
      for (const creation of ledger.held) {
        if (creation.position !== null && hasReached(counted.position, creation.position)) creation.reflected = true;
        else notYetCounted += 1;
      }
      // No await between the count and the holding below: a check that runs next sees these creations held.
      requireWithinLimit(plan, resource, counted.used + notYetCounted, count);
      const admitted = Array.from({ length: count }, () => this.hold(key, ledger));
      return {
        take: () => {
          const admission = admitted.pop();
          if (!admission) throw new Error(`took more than the ${count} ${resource} admitted`);
          return admission;
        },
      };
    } finally {
      ledger.reading -= 1;
      this.letGo(key, ledger);
    }
  }

  private hold(key: string, ledger: Ledger): Admission {
    const creation: HeldCreation = { position: null, reflected: false };
    ledger.held.add(creation);
    return {
      appended: (position) => {
        creation.position = position;
      },
      reflected: () => {
        creation.reflected = true;
        this.letGo(key, ledger);
      },
      failed: () => {
        if (creation.position === null) ledger.held.delete(creation);
        this.letGo(key, ledger);
      },
    };
  }

  private ledgerOf(key: string): Ledger {
    let ledger = this.ledgers.get(key);
    if (!ledger) {
      ledger = { held: new Set(), reading: 0 };
      this.ledgers.set(key, ledger);
    }
    return ledger;
  }

  /** Lets go of the creations every later read counts, and of the ledger once it holds nothing. */
  private letGo(key: string, ledger: Ledger): void {
    if (ledger.reading > 0) return;
    for (const creation of ledger.held) if (creation.reflected) ledger.held.delete(creation);
    if (ledger.held.size === 0 && this.ledgers.get(key) === ledger) this.ledgers.delete(key);
  }
}

/** Business ids are UUIDs and resources plain words: the slash cannot make two pairs one key. */
function ledgerKey(businessId: string, resource: CountedResource): string {
  return `${resource}/${businessId}`;
}

/**
 * Tells an admission its creation was appended at `position`, then waits for the read models to reflect it
 * (read-your-writes, DESIGN §4), letting the admission go when they do.
 */
export async function awaitReflection(admission: Admission, position: Position, readYourWrites: ReadYourWrites, context: CommandContext): Promise<void> {
  admission.appended(position);
  if (await awaitReadModels(readYourWrites, position, context)) admission.reflected();
}

/** Runs an admitted creation, telling its admission when the creation fails. */
export async function runAdmitted<T>(admission: Admission, create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    admission.failed();
    throw error;
  }
}
