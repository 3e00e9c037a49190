/**
 * A projection is pure: it turns (document | null, event) into the next document, and names the
 * lookup keys of a document. Any read-store adapter can run it.
 */
import type { RecordedEvent } from '@passes/event-store';

export interface Projection<Doc = unknown> {
  collection: string;
  eventTypes: ReadonlySet<string>;
  documentId(event: RecordedEvent): string;
  apply(doc: Doc | null, event: RecordedEvent): Doc | null;
  keys(doc: Doc): Record<string, string[]>;
}
