/**
 * The wallet notification store of the distributed profile, shared by every notifier: one document per
 * notification in `wallet_notifications`, its lease on the document itself. There are no transactions
 * (DESIGN §7): a notification is claimed by one guarded single-document update (pending, due, and no
 * running lease), which exactly one notifier can win.
 */
import { positionFromSortable, sortablePosition } from '@passes/event-store';
import { onMongo } from '@passes/storage/distributed';
import { MongoBulkWriteError, type Collection, type Db, type Filter } from 'mongodb';
import {
  walletWork,
  type AttemptOutcome,
  type NewWalletNotification,
  type WalletNotification,
  type WalletNotificationLease,
  type WalletNotificationStatus,
  type WalletNotificationStore,
} from './wallet-notification-store';

const STORE = 'wallet notification store';
const STATUSES: readonly WalletNotificationStatus[] = ['pending', 'done', 'failed'];
const FEED_ORDER = { position: 1, _id: 1 } as const;

interface NotificationDocument {
  _id: string;
  /** A WalletWork, checked when read. */
  work: unknown;
  /** The event's position in its `sortablePosition` form, so that sorting on it is feed order. */
  position: string;
  /** A WalletNotificationStatus, checked when read. */
  status: string;
  attempts: number;
  nextAttemptAt: Date | null;
  leasedBy: string | null;
  leasedUntil: Date | null;
  lastError: string | null;
  createdAt: Date;
}

export class MongoWalletNotificationStore implements WalletNotificationStore {
  private constructor(private readonly notifications: Collection<NotificationDocument>) {}

  static async open(db: Db): Promise<MongoWalletNotificationStore> {
    const notifications = db.collection<NotificationDocument>('wallet_notifications');
    await onMongo(STORE, () => notifications.createIndex({ status: 1, ...FEED_ORDER }));
    return new MongoWalletNotificationStore(notifications);
  }

  /** Unordered, so that every new notification is inserted even when some of the batch were recorded before. */
  async record(notifications: readonly NewWalletNotification[]): Promise<void> {
    if (notifications.length === 0) return;
    try {
      await onMongo(STORE, () => this.notifications.insertMany(notifications.map(toDocument), { ordered: false }));
    } catch (error) {
      if (!(error instanceof MongoBulkWriteError && onlyDuplicates(error))) throw error;
    }
  }

  async claimDue({ holder, now, ttlMs }: WalletNotificationLease, limit: number): Promise<WalletNotification[]> {
    const claimable: Filter<NotificationDocument> = {
      status: 'pending',
      nextAttemptAt: { $lte: now },
      $or: [{ leasedUntil: null }, { leasedUntil: { $lte: now } }],
    };
    const claimed: WalletNotification[] = [];
    // Candidates in feed order; each is taken by a guarded update that another notifier may win first.
    const candidates = await onMongo(STORE, () => this.notifications.find(claimable).sort(FEED_ORDER).limit(limit * 2).toArray());
    for (const candidate of candidates) {
      if (claimed.length === limit) break;
      const leasedUntil = new Date(now.getTime() + ttlMs);
      const taken = await onMongo(STORE, () => this.notifications.updateOne({ ...claimable, _id: candidate._id }, { $set: { leasedBy: holder, leasedUntil } }));
      if (taken.matchedCount === 1) claimed.push(toNotification({ ...candidate, leasedBy: holder, leasedUntil }));
    }
    return claimed;
  }

  async saveAttempt(id: string, outcome: AttemptOutcome): Promise<void> {
    await onMongo(STORE, () =>
      this.notifications.updateOne(
        { _id: id },
        { $set: { status: outcome.status, nextAttemptAt: outcome.nextAttemptAt, lastError: outcome.error, leasedBy: null, leasedUntil: null }, $inc: { attempts: 1 } },
      ),
    );
  }

  async get(id: string): Promise<WalletNotification | null> {
    const document = await onMongo(STORE, () => this.notifications.findOne({ _id: id }));
    return document === null ? null : toNotification(document);
  }

  /** The connection belongs to the process; nothing of this store's own to close. */
  async close(): Promise<void> {}
}

function toDocument(notification: NewWalletNotification): NotificationDocument {
  return {
    _id: notification.id,
    work: notification.work,
    position: sortablePosition(notification.position),
    status: 'pending',
    attempts: 0,
    nextAttemptAt: notification.createdAt,
    leasedBy: null,
    leasedUntil: null,
    lastError: null,
    createdAt: notification.createdAt,
  };
}

function toNotification(document: NotificationDocument): WalletNotification {
  const status = STATUSES.find((candidate) => candidate === document.status);
  if (status === undefined) throw new Error(`Wallet notification ${document._id} has an unknown status '${document.status}'`);
  return {
    id: document._id,
    work: walletWork.parse(document.work),
    position: positionFromSortable(document.position),
    createdAt: document.createdAt,
    status,
    attempts: document.attempts,
    nextAttemptAt: document.nextAttemptAt,
    lastError: document.lastError,
  };
}

/** Every insert the bulk refused was a notification recorded before (duplicate _id). */
function onlyDuplicates(error: MongoBulkWriteError): boolean {
  const failures = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
  return failures.every((failure) => failure.code === 11000);
}
