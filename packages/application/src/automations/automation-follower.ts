/**
 * The automations' process manager (PROGRAMME §3): follows the event feed like the webhook and wallet
 * recorders, and for every event of a pass records, as due work, the runs it fires (automation-triggers.ts),
 * and for every run that sent an email, the email. Work ids derive from the occurrence, so a redelivered
 * or replayed event records nothing new; and were a run recorded twice, the pass would refuse the second.
 */
import { newWork, type NewWork, type WorkStore } from '@passes/background-work';
import { decodeEvent, firingsOf, isEventOf, passAggregate, passEvents, type Automation, type Pass, type PassEvent } from '@passes/domain';
import { sortablePosition, type EventFeed, type EventStore, type RecordedEvent } from '@passes/event-store';
import { lookupKeys, StreamStates, type ReadModels } from '@passes/read-model';
import { AUTOMATION_EMAIL, AUTOMATION_RUN, automationEmailId, automationRunId } from './automation-work';

const AUTOMATION_ACTOR = /^automation:(.+)$/;

interface AutomationFollowerOptions {
  now: () => Date;
  onRecorded: () => void;
  onError: (error: unknown) => void;
}

export class AutomationFollower {
  private readonly passes: StreamStates;

  constructor(
    private readonly feed: EventFeed,
    events: EventStore,
    private readonly readModels: Pick<ReadModels, 'automations'>,
    private readonly work: WorkStore,
    private readonly options: AutomationFollowerOptions,
  ) {
    this.passes = new StreamStates(events);
  }

  start(): Promise<void> {
    return this.feed.start((batch) => this.handle(batch), this.options.onError);
  }

  stop(): Promise<void> {
    return this.feed.stop();
  }

  private async handle(batch: readonly RecordedEvent[]): Promise<void> {
    const recorded: NewWork[] = [];
    for (const event of batch) {
      if (isEventOf(passEvents, event.type)) recorded.push(...(await this.workFor(event)));
    }
    await this.work.record(recorded);
    if (recorded.length > 0) this.options.onRecorded();
  }

  private async workFor(event: RecordedEvent): Promise<NewWork[]> {
    const businessId = event.metadata.business_id;
    if (businessId === null) return [];
    const automations = await this.automationsOf(businessId);
    const decoded = decodeEvent(passEvents, event);
    // Most businesses have no automation: their events are not folded.
    if (automations.length === 0 && decoded.type !== 'AutomationRan') return [];
    const before = await this.passes.stateBefore(passAggregate, event);
    const after = await this.passes.stateAfter(passAggregate, event);
    if (after === null) return [];
    const emails = decoded.type === 'AutomationRan' ? this.emailsOf(event, decoded, after) : [];
    const madeBy = AUTOMATION_ACTOR.exec(event.metadata.actor);
    const firings = firingsOf(
      { eventId: event.id, event: decoded, before, after, madeBy: madeBy?.[1] === undefined ? null : { automationId: madeBy[1], depth: event.metadata.depth ?? 1 } },
      automations,
    );
    const createdAt = this.options.now();
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

  private async automationsOf(businessId: string): Promise<Automation[]> {
    const [live, test] = await Promise.all([
      this.readModels.automations.find('business_mode', lookupKeys.byBusinessMode(businessId, 'live')),
      this.readModels.automations.find('business_mode', lookupKeys.byBusinessMode(businessId, 'test')),
    ]);
    return [...live, ...test].filter((automation) => automation.enabled);
  }

  /** The emails a run sent, to the pass's customer as the run found them. */
  private emailsOf(event: RecordedEvent, ran: Extract<PassEvent, { type: 'AutomationRan' }>, pass: Pass): NewWork[] {
    const createdAt = this.options.now();
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
