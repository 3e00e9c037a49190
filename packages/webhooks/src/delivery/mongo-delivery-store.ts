/**
 * The delivery store of the distributed profile, shared by every dispatcher: deliveries in
 * `webhook_deliveries`, one lease document per webhook in `webhook_leases`. There are no transactions
 * (DESIGN §7), so a claim first takes the webhook's lease with one guarded upsert, and only then reads
 * the webhook's oldest due delivery: while the lease runs no other dispatcher can attempt, and so
 * change, any delivery of that webhook.
 */
import { WEBHOOK_EVENT_NAMES } from '@passes/domain';
import { comparePositions, positionFromSortable, sortablePosition } from '@passes/event-store';
import { isDuplicateKey, onMongo } from '@passes/storage/distributed';
import { MongoBulkWriteError, type Collection, type Db, type Filter } from 'mongodb';
import type { AttemptRecord, Delivery, DeliveryLease, DeliveryStatus, DeliveryStore, NewDelivery } from './delivery-store';

const STORE = 'delivery store';
const STATUSES: readonly DeliveryStatus[] = ['pending', 'delivered', 'failed', 'cancelled'];
/** Feed order: the event's place in the feed, then the delivery id among one event's deliveries. */
const FEED_ORDER = { position: 1, _id: 1 } as const;

interface DeliveryDocument {
  /** The delivery id. */
  _id: string;
  webhookId: string;
  businessId: string;
  /** A WebhookEventName, checked when read. */
  event: string;
  body: string;
  /** The event's position in its `sortablePosition` form, so that sorting on it is feed order. */
  position: string;
  /** A DeliveryStatus, checked when read. */
  status: string;
  attempts: number;
  lastAttemptAt: Date | null;
  lastResponseCode: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
}

interface LeaseDocument {
  /** The webhook's id. */
  _id: string;
  holder: string;
  until: Date;
}

export class MongoDeliveryStore implements DeliveryStore {
  private constructor(
    private readonly deliveries: Collection<DeliveryDocument>,
    private readonly leases: Collection<LeaseDocument>,
  ) {}

  static async open(db: Db): Promise<MongoDeliveryStore> {
    const deliveries = db.collection<DeliveryDocument>('webhook_deliveries');
    const leases = db.collection<LeaseDocument>('webhook_leases');
    // One index per call: FerretDB v1 drops the connection when one createIndexes finds several already there.
    // Due deliveries of every webhook in feed order; one webhook's due deliveries in feed order; one webhook's log.
    await onMongo(STORE, () => deliveries.createIndex({ status: 1, ...FEED_ORDER }));
    await onMongo(STORE, () => deliveries.createIndex({ webhookId: 1, status: 1, ...FEED_ORDER }));
    await onMongo(STORE, () => deliveries.createIndex({ webhookId: 1, ...FEED_ORDER }));
    await onMongo(STORE, () => leases.createIndex({ until: 1 }));
    return new MongoDeliveryStore(deliveries, leases);
  }

  /** Unordered, so that every new delivery is inserted even when some of the batch were recorded before. */
  async record(deliveries: readonly NewDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    try {
      await onMongo(STORE, () => this.deliveries.insertMany(deliveries.map(toDocument), { ordered: false }));
    } catch (error) {
      if (!refusedOnlyAsDuplicates(error)) throw error;
    }
  }

  /**
   * Looks for webhooks in the order of their oldest due delivery, skipping those leased or tried
   * already, and leases each; a webhook another dispatcher leased in between is passed over and the
   * search goes on, until `limit` are leased or none is left. (Finds, not one aggregation: FerretDB
   * v1's `$group` has neither `$first` nor `$min` to pick each webhook's oldest delivery.)
   */
  async claimDue({ holder, now, ttlMs }: DeliveryLease, limit: number): Promise<Delivery[]> {
    const until = new Date(now.getTime() + ttlMs);
    const passed = new Set(await this.leasedWebhooks(now));
    const claimed: DeliveryDocument[] = [];
    while (claimed.length < limit) {
      const candidates = await this.webhooksDue(now, passed, limit - claimed.length);
      if (candidates.length === 0) break;
      for (const webhookId of candidates) passed.add(webhookId);
      const taken = await Promise.all(candidates.map((webhookId) => this.leaseOldestDue(webhookId, holder, now, until)));
      claimed.push(...taken.filter((delivery) => delivery !== null));
    }
    return claimed.map(toDelivery).sort(inFeedOrder);
  }

  async release(webhookId: string, holder: string): Promise<void> {
    await onMongo(STORE, () => this.leases.deleteOne({ _id: webhookId, holder }));
  }

  async saveAttempt(id: string, attempt: AttemptRecord): Promise<void> {
    await onMongo(STORE, () =>
      this.deliveries.updateOne(
        { _id: id },
        {
          $set: {
            status: attempt.status,
            nextAttemptAt: attempt.nextAttemptAt,
            lastAttemptAt: attempt.attemptedAt,
            lastResponseCode: attempt.responseCode,
            lastError: attempt.error,
          },
          $inc: { attempts: 1 },
        },
      ),
    );
  }

  async cancel(id: string): Promise<void> {
    await onMongo(STORE, () => this.deliveries.updateOne({ _id: id, status: 'pending' }, { $set: { status: 'cancelled', nextAttemptAt: null } }));
  }

  async reschedule(id: string, at: Date): Promise<void> {
    await onMongo(STORE, () => this.deliveries.updateOne({ _id: id }, { $set: { status: 'pending', nextAttemptAt: at } }));
  }

  async get(id: string): Promise<Delivery | null> {
    const document = await onMongo(STORE, () => this.deliveries.findOne({ _id: id }));
    return document === null ? null : toDelivery(document);
  }

  /**
   * Newest first means latest in the feed first: recording order would not do, as dispatchers
   * consuming Kafka partitions side by side record deliveries out of feed order.
   */
  async countPending(): Promise<number> {
    return onMongo(STORE, () => this.deliveries.countDocuments({ status: 'pending' }));
  }

  async listByWebhook(webhookId: string, limit: number): Promise<Delivery[]> {
    // A find's limit of 0 would mean no limit at all.
    if (limit <= 0) return [];
    const documents = await onMongo(STORE, () => this.deliveries.find({ webhookId }, { sort: { position: -1, _id: -1 }, limit }).toArray());
    return documents.map(toDelivery);
  }

  /** The connection belongs to whoever opened it. */
  async close(): Promise<void> {}

  private async leasedWebhooks(now: Date): Promise<string[]> {
    const running = await onMongo(STORE, () => this.leases.find<Pick<LeaseDocument, '_id'>>({ until: { $gt: now } }, { projection: { _id: 1 } }).toArray());
    return running.map((lease) => lease._id);
  }

  /**
   * Up to `count` webhooks not passed over yet, in the order of their oldest due delivery. The first
   * due delivery of each webhook in feed order is its oldest; several of one webhook in the batch
   * make it return fewer, never none while any is due.
   */
  private async webhooksDue(now: Date, passed: ReadonlySet<string>, count: number): Promise<string[]> {
    const due = await onMongo(STORE, () =>
      this.deliveries
        .find<Pick<DeliveryDocument, '_id' | 'webhookId'>>({ ...dueAt(now), webhookId: { $nin: [...passed] } }, { sort: FEED_ORDER, projection: { webhookId: 1 }, limit: count })
        .toArray(),
    );
    return [...new Set(due.map((delivery) => delivery.webhookId))];
  }

  /**
   * The webhook's oldest due delivery, read under a lease just taken, or null when its lease runs
   * (another dispatcher took it since it was found) or nothing is due any more (another dispatcher
   * attempted it in between); then the lease just taken is given back.
   */
  private async leaseOldestDue(webhookId: string, holder: string, now: Date, until: Date): Promise<DeliveryDocument | null> {
    if (!(await this.lease(webhookId, holder, now, until))) return null;
    const oldest = await onMongo(STORE, () => this.deliveries.findOne({ webhookId, ...dueAt(now) }, { sort: FEED_ORDER }));
    if (oldest === null) await onMongo(STORE, () => this.leases.deleteOne({ _id: webhookId, holder, until }));
    return oldest;
  }

  /**
   * Takes the webhook's lease unless one runs: the filter matches no lease or one that has run out; a
   * running lease misses it, and the upsert's insert then meets the unique `_id` (duplicate key).
   */
  private async lease(webhookId: string, holder: string, now: Date, until: Date): Promise<boolean> {
    try {
      await onMongo(STORE, () => this.leases.updateOne({ _id: webhookId, until: { $lte: now } }, { $set: { holder, until } }, { upsert: true }));
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }
}

function inFeedOrder(a: Delivery, b: Delivery): number {
  return comparePositions(a.position, b.position) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function dueAt(now: Date): Filter<DeliveryDocument> {
  return { status: 'pending', nextAttemptAt: { $lte: now } };
}

/** A batch refused only because some of its deliveries were recorded before: the others are in. */
function refusedOnlyAsDuplicates(error: unknown): boolean {
  if (!(error instanceof MongoBulkWriteError) || error.result.getWriteConcernError() !== undefined) return false;
  const refusals = error.result.getWriteErrors();
  return refusals.length > 0 && refusals.every((refusal) => refusal.code === 11000);
}

function toDocument(delivery: NewDelivery): DeliveryDocument {
  return {
    _id: delivery.id,
    webhookId: delivery.webhookId,
    businessId: delivery.businessId,
    event: delivery.event,
    body: delivery.body,
    position: sortablePosition(delivery.position),
    status: 'pending',
    attempts: 0,
    lastAttemptAt: null,
    lastResponseCode: null,
    lastError: null,
    nextAttemptAt: delivery.createdAt,
    createdAt: delivery.createdAt,
  };
}

function toDelivery(document: DeliveryDocument): Delivery {
  return {
    id: document._id,
    webhookId: document.webhookId,
    businessId: document.businessId,
    event: oneOf(WEBHOOK_EVENT_NAMES, document.event, 'event'),
    body: document.body,
    position: positionFromSortable(document.position),
    status: oneOf(STATUSES, document.status, 'status'),
    attempts: document.attempts,
    lastAttemptAt: document.lastAttemptAt,
    lastResponseCode: document.lastResponseCode,
    lastError: document.lastError,
    nextAttemptAt: document.nextAttemptAt,
    createdAt: document.createdAt,
  };
}

function oneOf<Value extends string>(values: readonly Value[], value: string, field: string): Value {
  const known = values.find((candidate) => candidate === value);
  if (known === undefined) throw new Error(`Delivery document has an unknown ${field} '${value}'`);
  return known;
}
