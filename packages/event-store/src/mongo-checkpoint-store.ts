/**
 * Checkpoints of the distributed profile's feed followers (the relay, the dispatchers' feed): one
 * document per follower in `checkpoints`, replaced by a single-document upsert.
 */
import { onMongo } from '@passes/storage/distributed';
import type { Collection, Db } from 'mongodb';
import type { CheckpointStore } from './checkpoint-store';
import { positionFrom, type Position } from './position';

const STORE = 'checkpoint store';

interface CheckpointDocument {
  /** The follower's name. */
  _id: string;
  /** Kept as the position's own digits: checkpoints are looked up by name, never sorted. */
  position: string;
}

export class MongoCheckpointStore implements CheckpointStore {
  private constructor(private readonly checkpoints: Collection<CheckpointDocument>) {}

  /** Needs no index of its own: every lookup is by `_id`. */
  static async open(db: Db): Promise<MongoCheckpointStore> {
    return new MongoCheckpointStore(db.collection<CheckpointDocument>('checkpoints'));
  }

  async load(name: string): Promise<Position | null> {
    const checkpoint = await onMongo(STORE, () => this.checkpoints.findOne({ _id: name }));
    return checkpoint === null ? null : positionFrom(checkpoint.position);
  }

  async save(name: string, position: Position): Promise<void> {
    await onMongo(STORE, () => this.checkpoints.updateOne({ _id: name }, { $set: { position } }, { upsert: true }));
  }

  /** The connection belongs to whoever opened it. */
  async close(): Promise<void> {}
}
