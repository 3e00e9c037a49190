/**
 * The automations' background part of a process: the follower of the event feed that records runs and
 * emails, the handlers that carry them out, and the recurring sweep of the timed triggers, all on the
 * process's work runner. Any number of processes may run it: work ids derive from occurrences, the
 * runner leases each item to one of them, and the pass refuses an occurrence it ran.
 */
import { FeedWorkRecorder, type WorkRunner, type WorkStore } from '@passes/background-work';
import type { EventFeed, EventStore, RecordedEvent } from '@passes/event-store';
import type { Mailer } from '@passes/mailer';
import type { ReadModels } from '@passes/read-model';
import type { Clock } from '../shared/clock';
import { AutomationEmailHandler } from './automation-email-handler';
import { AutomationPlanner } from './automation-planner';
import type { AutomationRunHandler } from './automation-run-handler';
import { AutomationRunPageHandler } from './automation-run-page-handler';
import { AutomationSweepHandler } from './automation-sweep-handler';
import type { UnsubscribeLinks } from './unsubscribe-links';

/** How often the timed triggers are swept: inside the minute the PROGRAMME asks them to be checked in. */
export const AUTOMATION_SWEEP_PERIOD_MS = 60_000;


export interface AutomationProcessParts {
  feed: EventFeed;
  events: EventStore;
  readModels: Pick<ReadModels, 'automations' | 'passes'>;
  work: WorkStore;
  runner: WorkRunner;
  runs: AutomationRunHandler;
  mailer: Mailer;
  /** The link each email carries to stop them (the application's `automationEmails.links`). */
  unsubscribeLinks: UnsubscribeLinks;
  clock: Clock;
  onError: (error: unknown) => void;
}

export class AutomationProcess {
  private readonly follower: FeedWorkRecorder<RecordedEvent>;

  constructor(parts: AutomationProcessParts) {
    const { feed, events, readModels, work, runner, clock, onError } = parts;
    const wake = () => runner.wake();
    const planner = new AutomationPlanner(events, readModels, () => clock.now());
    this.follower = new FeedWorkRecorder(feed, work, (event) => planner.workOf(event), { onRecorded: wake, onError });
    runner.register(parts.runs);
    runner.register(new AutomationRunPageHandler(parts.runs, work, clock));
    runner.register(new AutomationEmailHandler(parts.mailer, parts.unsubscribeLinks));
    runner.every(new AutomationSweepHandler(readModels, work, clock, wake), { periodMs: AUTOMATION_SWEEP_PERIOD_MS, payload: {} });
  }

  start(): Promise<void> {
    return this.follower.start();
  }

  stop(): Promise<void> {
    return this.follower.stop();
  }
}
