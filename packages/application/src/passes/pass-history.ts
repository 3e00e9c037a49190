/** An auditor's view: every event of a pass, in order, straight from the event store. */
import { streamNames } from '@passes/domain';
import type { EventStore } from '@passes/event-store';
import type { PassQueries } from './pass-queries';
import type { PassScope } from './pass-scope';

export interface PassHistoryEntry {
  type: string;
  data: Record<string, unknown>;
  revision: number;
  recorded_at: string;
}

export class PassHistory {
  constructor(
    private readonly store: EventStore,
    private readonly queries: PassQueries,
  ) {}

  async of(scope: PassScope, identifier: string): Promise<PassHistoryEntry[]> {
    const pass = await this.queries.get(scope, identifier);
    const events = await this.store.readStream(streamNames.pass(pass.id));
    return events.map((event) => ({ type: event.type, data: event.data, revision: event.revision, recorded_at: event.created_at }));
  }
}
