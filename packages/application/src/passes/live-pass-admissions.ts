/**
 * Holds a plan's live-pass limit exactly against concurrent issues within this process.
 *
 * The check counts live passes from the `business_usage` read model, which learns of an issue only once
 * it is appended and projected. Issues checked meanwhile would each see the same count and could all pass
 * it, taking a business past its limit by their number. So every issue admitted under a limit is held
 * here, per business, until the read model is known to count it, and each check adds the held issues the
 * count it read does not reflect yet. Nothing is held for a plan without a limit (Pro), and issues are
 * never queued behind one another: a check is the same two reads it always was, plus a walk over at most
 * the limit's worth of held issues.
 *
 * Another process's issues are not held here: see docs/decisions.md (Plans) for that remaining window.
 */
import { requireWithinLimit } from '@passes/domain';
import { hasReached, type Position } from '@passes/event-store';
import type { Plans } from '../plans/plans';

/** One admitted issue, told how it went. */
export interface IssueAdmission {
  /** The issue's event was appended at `position`: it counts until the read model reaches that position. */
  appended(position: Position): void;
  /** The read models reached the issue's position, so every usage read from now on counts it. */
  reflected(): void;
  /** The issue failed. One never appended is let go; one appended stays held until it is reflected. */
  failed(): void;
}

/** The room a check granted: one admission per issue it let through. */
export interface AdmittedIssues {
  take(): IssueAdmission;
}

interface HeldIssue {
  /** Null until the issue is appended: until then no read model can count it. */
  position: Position | null;
  reflected: boolean;
}

interface BusinessLedger {
  held: Set<HeldIssue>;
  /**
   * Usage reads under way. One of them may have read the store before a held issue was projected, so a
   * reflected issue is let go only when none is under way: any read begun after that counts it.
   */
  reading: number;
}

/** What a check reads: `Plans` in the service; an admission test may hold the reads back. */
export type LivePassCounts = Pick<Plans, 'planLimiting' | 'countedLivePasses'>;

/** The admission of an issue no limit counts (Pro, sandbox), or of a command that issues nothing. */
export const UNHELD_ISSUE: IssueAdmission = { appended: () => undefined, reflected: () => undefined, failed: () => undefined };
export const UNHELD_ISSUES: AdmittedIssues = { take: () => UNHELD_ISSUE };

export class LivePassAdmissions {
  private readonly ledgers = new Map<string, BusinessLedger>();

  constructor(private readonly plans: LivePassCounts) {}

  /** Admits `count` more live passes of the business, or refuses them all with the plan's 402. */
  async admit(businessId: string, count: number): Promise<AdmittedIssues> {
    const plan = await this.plans.planLimiting(businessId, 'passes');
    if (plan === null) return UNHELD_ISSUES;
    const ledger = this.ledgerOf(businessId);
    ledger.reading += 1;
    try {
      const counted = await this.plans.countedLivePasses(businessId);
      let notYetCounted = 0;
      for (const issue of ledger.held) {
        if (issue.position !== null && hasReached(counted.position, issue.position)) issue.reflected = true;
        else notYetCounted += 1;
      }
      // No await between the count and the holding below: a check that runs next sees these issues held.
      requireWithinLimit(plan, 'passes', counted.livePasses + notYetCounted, count);
      const admitted = Array.from({ length: count }, () => this.hold(businessId, ledger));
      return {
        take: () => {
          const admission = admitted.pop();
          if (!admission) throw new Error(`took more than the ${count} issues admitted`);
          return admission;
        },
      };
    } finally {
      ledger.reading -= 1;
      this.letGo(businessId, ledger);
    }
  }

  private hold(businessId: string, ledger: BusinessLedger): IssueAdmission {
    const issue: HeldIssue = { position: null, reflected: false };
    ledger.held.add(issue);
    return {
      appended: (position) => {
        issue.position = position;
      },
      reflected: () => {
        issue.reflected = true;
        this.letGo(businessId, ledger);
      },
      failed: () => {
        if (issue.position === null) ledger.held.delete(issue);
        this.letGo(businessId, ledger);
      },
    };
  }

  private ledgerOf(businessId: string): BusinessLedger {
    let ledger = this.ledgers.get(businessId);
    if (!ledger) {
      ledger = { held: new Set(), reading: 0 };
      this.ledgers.set(businessId, ledger);
    }
    return ledger;
  }

  /** Lets go of the issues every later read counts, and of the ledger once it holds nothing. */
  private letGo(businessId: string, ledger: BusinessLedger): void {
    if (ledger.reading > 0) return;
    for (const issue of ledger.held) if (issue.reflected) ledger.held.delete(issue);
    if (ledger.held.size === 0 && this.ledgers.get(businessId) === ledger) this.ledgers.delete(businessId);
  }
}
