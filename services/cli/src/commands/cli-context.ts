/** What every command of the `passes` tool works with: the use cases and stores of the configured profile, a clock and somewhere to write. */
import type { Application, Clock } from '@passes/application';
import type { WorkStore } from '@passes/background-work';
import type { PassLinksShown } from '@passes/contracts';
import type { Pass } from '@passes/domain';
import type { EventStore } from '@passes/event-store';
import type { DocumentStore, ReadModels } from '@passes/read-model';

export interface Output {
  out(text: string): void;
  /** Progress and notices: stderr, so that stdout stays machine-readable. */
  note(text: string): void;
  /** Whether notes go to a terminal, where progress may redraw one line. */
  isTerminal: boolean;
}

export interface CliContext {
  /** The service's use cases, as the server runs them. */
  application: Application;
  events: EventStore;
  documents: DocumentStore;
  readModels: ReadModels;
  /** Background work of every kind, for the operator's view of it. */
  work: WorkStore;
  /** A pass's download page and wallet links, as the API shows them. */
  passLinks(pass: Pass): PassLinksShown;
  clock: Clock;
  output: Output;
  /** Aborted by Ctrl-C: long commands stop cleanly. */
  signal: AbortSignal;
}

/** A wrong invocation: exit code 2 and the usage. */
export class UsageError extends Error {}

/** A command that cannot be done as asked, and did nothing: exit code 1 and its message. */
export class Refused extends Error {}
