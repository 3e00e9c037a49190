/**
 * Every read model verified against the event store (`passes audit verify`): each projection folded afresh
 * into a scratch store (ScratchFold) as far as its live generation's checkpoint, then the two generations
 * compared document by document, both ways: documents the events make that the read model lacks or holds
 * otherwise, and documents it holds that no event makes. The live store is only read, so this runs while
 * the service does; a document the projector changed while it was compared is compared again once the
 * scratch generation has taken in the same events, and reported only when it still differs.
 */
import type { EventStore, Position, RecordedEvent } from '@passes/event-store';
import { z } from 'zod';
import type { CollectionState, DocumentStore, StoredDocument } from '../document-store';
import type { Projection } from '../projections/projection';
import { fieldDifferences, type FieldDifference } from './document-differences';
import { ScratchFold } from './scratch-fold';

/** How often a read model the projector keeps changing is compared again before what still differs is reported. */
const SETTLING_ROUNDS = 20;

export type Finding =
  | { id: string; kind: 'missing' }
  | { id: string; kind: 'extra' }
  | { id: string; kind: 'differs'; fields: FieldDifference[] };

export interface ReadModelReport {
  collection: string;
  /** Documents compared: those the events make, and those the read model holds besides. */
  verified: number;
  findings: Finding[];
  /** Why the read model was not compared; null when it was. */
  notVerified: string | null;
}

export interface AuditOptions {
  events: Pick<EventStore, 'readAll' | 'headPosition'>;
  live: Pick<DocumentStore, 'collections' | 'getMany' | 'scan'>;
  /** An empty store of its own, written by the audit alone. */
  scratch: DocumentStore;
  projections: readonly Projection[];
  /** Only the events recorded for this business and the documents of it; the whole store when undefined. */
  businessId: string | undefined;
  pageSize: number;
  signal: AbortSignal;
  now: Date;
  /** Each read model's report, as soon as it is made. */
  onReport(report: ReadModelReport): void;
  /** After each page of events folded, with the feed's position it reached. */
  onFolded(position: Position): Promise<void>;
}

/** A document's business, as the documents that have one name it. */
const ownedDocument = z.object({ businessId: z.string() });

export async function auditReadModels(options: AuditOptions): Promise<ReadModelReport[]> {
  const { live, projections, businessId } = options;
  const states = new Map((await live.collections()).map((state) => [state.collection, state]));
  const whyNot = new Map(projections.map((projection) => [projection.collection, whyNotComparable(projection, states.get(projection.collection))]));
  const comparable = projections.filter((projection) => whyNot.get(projection.collection) === null);
  const fold = await ScratchFold.start(options.events, options.scratch, comparable, {
    pageSize: options.pageSize,
    onPage: options.onFolded,
    inScope: (event: RecordedEvent) => businessId === undefined || event.metadata.business_id === businessId,
    now: options.now,
  });
  await fold.advance(await liveCheckpoints(options, comparable), options.signal);
  const reports: ReadModelReport[] = [];
  for (const { collection } of projections) {
    const notVerified = whyNot.get(collection) ?? null;
    if (notVerified !== null) {
      reports.push(report(options, { collection, verified: 0, findings: [], notVerified }));
      continue;
    }
    const comparison = new Comparison(options, collection);
    const first = await comparison.all();
    const findings = await settle(options, fold, comparison, first.findings);
    reports.push(report(options, { collection, verified: first.verified, findings, notVerified: null }));
  }
  return reports;
}

function report(options: AuditOptions, made: ReadModelReport): ReadModelReport {
  options.onReport(made);
  return made;
}

/** A read model with no live generation yet is compared as an empty one: clean while no event makes a document of it. */
function whyNotComparable(projection: Projection, state: CollectionState | undefined): string | null {
  if (state?.live == null) return null;
  if (state.live.version !== projection.version) return `its live generation was built by version ${state.live.version} of its projection, this code's is ${projection.version}`;
  return null;
}

/** How far each read model's live generation reflects the events; the head for one that has none (and holds nothing). */
async function liveCheckpoints({ live, events }: AuditOptions, projections: readonly Projection[]): Promise<Map<string, Position | null>> {
  const states = new Map((await live.collections()).map((state) => [state.collection, state.live]));
  const head = await events.headPosition();
  return new Map(projections.map(({ collection }) => [collection, states.get(collection)?.checkpoint ?? (states.get(collection) == null ? head : null)]));
}

/**
 * The findings that hold when both sides reflect the same events: those found are compared again, once the
 * scratch generation has caught up with the live checkpoint, until that checkpoint did not move meanwhile.
 */
async function settle(options: AuditOptions, fold: ScratchFold, comparison: Comparison, found: Finding[]): Promise<Finding[]> {
  const { collection } = comparison;
  let pending = found;
  for (let round = 0; pending.length > 0 && round < SETTLING_ROUNDS; round += 1) {
    const before = (await liveCheckpoints(options, options.projections)).get(collection) ?? null;
    await fold.advance(new Map([[collection, before]]), options.signal);
    pending = await comparison.of(pending.map((finding) => finding.id));
    const after = (await liveCheckpoints(options, options.projections)).get(collection) ?? null;
    if (after === before && fold.foldedTo(collection) === before) return pending;
  }
  return pending;
}

/** One read model's documents, as folded and as the live store holds them. */
class Comparison {
  constructor(
    private readonly options: AuditOptions,
    readonly collection: string,
  ) {}

  /** Every document of either side. */
  async all(): Promise<{ verified: number; findings: Finding[] }> {
    const { scratch, live, pageSize, signal } = this.options;
    const findings: Finding[] = [];
    let verified = 0;
    for (let after: string | null = null; ; ) {
      if (signal.aborted) throw new Error('Interrupted before every read model was verified');
      const folded = await scratch.scan(this.collection, after, pageSize);
      const served = await live.getMany(this.collection, folded.map(({ id }) => id), 'in-passing');
      for (const document of folded) findings.push(...findingOf(document.id, document, served.get(document.id)));
      verified += folded.length;
      after = folded.at(-1)?.id ?? null;
      if (folded.length < pageSize) break;
    }
    for (let after: string | null = null; ; ) {
      if (signal.aborted) throw new Error('Interrupted before every read model was verified');
      const served = await live.scan(this.collection, after, pageSize);
      const ours = served.filter((document) => this.inScope(document));
      const folded = await scratch.getMany(this.collection, ours.map(({ id }) => id), 'in-passing');
      const extra = ours.filter(({ id }) => !folded.has(id));
      findings.push(...extra.map(({ id }): Finding => ({ id, kind: 'extra' })));
      verified += extra.length;
      after = served.at(-1)?.id ?? null;
      if (served.length < pageSize) break;
    }
    return { verified, findings };
  }

  /** These documents again. */
  async of(ids: readonly string[]): Promise<Finding[]> {
    const folded = await this.options.scratch.getMany(this.collection, ids, 'in-passing');
    const served = await this.options.live.getMany(this.collection, ids, 'in-passing');
    return ids.flatMap((id) => {
      const foldedDocument = folded.get(id);
      const servedDocument = served.get(id);
      const counted = foldedDocument !== undefined || (servedDocument !== undefined && this.inScope(servedDocument));
      return findingOf(id, foldedDocument, counted ? servedDocument : undefined);
    });
  }

  /** Whether a document the live store holds is the audited business's (any, for the whole store). */
  private inScope(document: StoredDocument<unknown>): boolean {
    const { businessId } = this.options;
    if (businessId === undefined || document.id === businessId) return true;
    const owned = ownedDocument.safeParse(document.doc);
    return owned.success && owned.data.businessId === businessId;
  }
}

function findingOf(id: string, folded: StoredDocument<unknown> | undefined, served: StoredDocument<unknown> | undefined): Finding[] {
  if (folded === undefined) return served === undefined ? [] : [{ id, kind: 'extra' }];
  if (served === undefined) return [{ id, kind: 'missing' }];
  const fields = fieldDifferences(folded.doc, served.doc);
  return fields.length === 0 ? [] : [{ id, kind: 'differs', fields }];
}
