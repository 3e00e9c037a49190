/**
 * The ports every process of the service is built on, opened together from the configuration. This
 * folder is the one place that names concrete adapters: each profile is a preset of them.
 */
import type { ExportFiles, TemplateImageStore } from '@passes/application';
import type { WorkStore } from '@passes/background-work';
import type { CheckpointStore, EventStore } from '@passes/event-store';
import type { Mailer } from '@passes/mailer';
import type { CatchUpRunner, DocumentStore } from '@passes/read-model';
import type { IdempotencyStore, RateLimitStore } from '@passes/request-guards';

export interface Stores {
  events: EventStore;
  documents: DocumentStore;
  /** Background work: webhook deliveries, wallet notifications, timed work. */
  work: WorkStore;
  rateLimits: RateLimitStore;
  idempotencyKeys: IdempotencyStore;
  checkpoints: CheckpointStore;
  mailer: Mailer;
  /** Where the projector catches rebuilt generations up; on its own thread when null. */
  catchUps: CatchUpRunner | null;
  /** Analytics exports' CSV files. */
  exportFiles: ExportFiles;
  /** The rendered files of template images. */
  templateImages: TemplateImageStore;
  /** Closes everything, the event store last. */
  close(): Promise<void>;
}

/**
 * Idempotency keys live 24 h (spec: Limits). A process of the distributed profile killed mid-request leaves
 * claims that others take over once its lease has run out: 15 s, renewed every 5 s while it runs.
 */
export const IDEMPOTENCY_TIMINGS = { ttlMs: 24 * 3_600_000, leaseMs: 15_000 };
