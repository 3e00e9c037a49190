/**
 * Whether the embedded service has taken in what was appended to its store from outside: its projector
 * (every projection's lag on /readyz is 0) and its webhook dispatcher (its checkpoint has reached the
 * head). Seeding waits for both after each commit, so that the service meets the seeded events as live
 * traffic. It must: for each pass event, the dispatcher's WebhookDirectory scans the store from that
 * event to the head, so a backlog of n events costs it n²/2 rows read, in the service's event loop.
 */
import path from 'node:path';
import { hasReached, SqliteCheckpointStore, type Position } from '@passes/event-store';
import type { EmbeddedService } from './embedded-service';
import { pollUntil } from './polling';
import { isCaughtUp } from './readiness';
import type { Resources } from './resources';

/** The name services/api/src/embedded-server.ts gives the dispatcher's feed in checkpoints.sqlite. */
const DISPATCHER_CHECKPOINT = 'webhook-dispatcher';
/** Each wait is short (one commit's worth), so it is polled often. */
const POLL_MS = 20;
const TIMEOUT_MS = 60_000;

export class EmbeddedFollowers {
  private constructor(
    private readonly apiUrl: string,
    private readonly checkpoints: SqliteCheckpointStore,
  ) {}

  static open(service: EmbeddedService, resources: Resources): EmbeddedFollowers {
    const checkpoints = SqliteCheckpointStore.open(path.join(service.dataDir, 'checkpoints.sqlite'));
    resources.defer(() => checkpoints.close());
    return new EmbeddedFollowers(service.url, checkpoints);
  }

  /** `head` must be a pass event's position: the dispatcher follows pass events only, so its checkpoint stops at the last one. */
  async waitFor(head: Position | null): Promise<void> {
    const reached = async () => hasReached(await this.checkpoints.load(DISPATCHER_CHECKPOINT), head) && (await isCaughtUp(this.apiUrl));
    await pollUntil(reached, { what: `the service taking in the events up to ${String(head)}`, timeoutMs: TIMEOUT_MS, intervalMs: POLL_MS });
  }
}
