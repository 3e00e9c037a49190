/**
 * What the automations' process manager (PROGRAMME §3) records for an event of a pass, as due work: the
 * runs it fires (automation-triggers.ts), and for every run that sent an email, the email. Work ids derive from the occurrence, so a redelivered
 * or replayed event records nothing new; and were a run recorded twice, the pass would refuse the second.
 */
import { newWork, type NewWork } from '@passes/background-work';
import { decodeEvent, firingsOf, isEventOf, passAggregate, passEvents, type Automation, type Pass, type PassEvent } from '@passes/domain';
import { sortablePosition, type EventStore, type RecordedEvent } from '@passes/event-store';
import { lookupKeys, StreamStates, type ReadModels } from '@passes/read-model';
import { AUTOMATION_EMAIL, AUTOMATION_RUN, automationEmailId, automationRunId } from './automation-work';

const AUTOMATION_ACTOR = /^automation:(.+)$/;

export class AutomationPlanner {
  private readonly passes: StreamStates;
  private readonly automationsThisTurn = new Map<string, Promise<Automation[]>>();

  constructor(
    events: EventStore,
    private readonly readModels: Pick<ReadModels, 'automations'>,
    private readonly now: () => Date,
  ) {
    this.passes = new StreamStates(events);
  }

  async workOf(event: RecordedEvent): Promise<NewWork[]> {
    const businessId = event.metadata.business_id;
    if (!isEventOf(passEvents, event.type) || businessId === null) return [];
    const automations = await this.automationsOf(businessId);
    // Most businesses have no automation: their events are neither decoded nor folded.
    if (automations.length === 0 && event.type !== 'AutomationRan') return [];
    const decoded = decodeEvent(passEvents, event);
    const before = await this.passes.stateBefore(passAggregate, event);
    const after = await this.passes.stateAfter(passAggregate, event);
    if (after === null) return [];
    const emails = decoded.type === 'AutomationRan' ? this.emailsOf(event, decoded, after) : [];
    const madeBy = AUTOMATION_ACTOR.exec(event.metadata.actor);
    const firings = firingsOf(
      { eventId: event.id, event: decoded, before, after, madeBy: madeBy?.[1] === undefined ? null : { automationId: madeBy[1], depth: event.metadata.depth ?? 1 } },
      automations,
    );
    const createdAt = this.now();
    const runs = firings.map((firing) =>
      newWork(AUTOMATION_RUN, {
        id: automationRunId(firing.automationId, firing.passId, firing.occurrence),
        order: sortablePosition(event.position),
        payload: { automationId: firing.automationId, passId: firing.passId, occurrence: firing.occurrence, depth: firing.depth, causationId: event.id, timed: false },
        dueAt: firing.dueAt,
        createdAt,
      }),
    );
    return [...runs, ...emails];
  }

  /**
   * Each business's enabled automations as read in this turn of the event loop: a batch of the feed, most of
   * it one business's events, reads them once rather than twice an event. A later turn reads them anew.
   */
  private automationsOf(businessId: string): Promise<Automation[]> {
    const read = this.automationsThisTurn.get(businessId);
    if (read !== undefined) return read;
    if (this.automationsThisTurn.size === 0) setImmediate(() => this.automationsThisTurn.clear());
    const reading = this.readAutomations(businessId);
    this.automationsThisTurn.set(businessId, reading);
    return reading;
  }

  private async readAutomations(businessId: string): Promise<Automation[]> {
    const [live, test] = await Promise.all([
      this.readModels.automations.find('business_mode', lookupKeys.byBusinessMode(businessId, 'live')),
      this.readModels.automations.find('business_mode', lookupKeys.byBusinessMode(businessId, 'test')),
    ]);
    return [...live, ...test].filter((automation) => automation.enabled);
  }

  /** The emails a run sent, to the pass's customer as the run found them. */
  private emailsOf(event: RecordedEvent, ran: Extract<PassEvent, { type: 'AutomationRan' }>, pass: Pass): NewWork[] {
    const createdAt = this.now();
    const to = pass.customerEmail;
    return ran.data.actions.flatMap(({ action, status }, index) =>
      action.type === 'send_email' && status === 'done' && to !== null
        ? [
            newWork(AUTOMATION_EMAIL, {
              id: automationEmailId(event.id, index),
              payload: { automationId: ran.data.automation_id, passId: pass.id, to, subject: action.subject, body: action.body },
              dueAt: createdAt,
              createdAt,
            }),
          ]
        : [],
    );
  }
}
