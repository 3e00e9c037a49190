/** What the MongoDB driver's errors mean to our adapters. */
import { MongoError, MongoNetworkError, MongoNotConnectedError, MongoServerSelectionError, MongoTopologyClosedError } from 'mongodb';
import { StoreUnavailableError } from '../store-unavailable-error';

/** A unique index refused a document (E11000): another writer got there first, or an upsert's guard did not match. */
export function isDuplicateKey(error: unknown): boolean {
  return error instanceof MongoError && error.code === 11000;
}

/** The server cannot be reached now: not running, not answering in time, or the network is cut. */
export function isUnreachable(error: unknown): boolean {
  return (
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNetworkError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError
  );
}

/** Runs a driver call, turning "cannot reach the server" into StoreUnavailableError. */
export async function onMongo<Result>(store: string, call: () => Promise<Result>): Promise<Result> {
  try {
    return await call();
  } catch (error) {
    throw isUnreachable(error) ? new StoreUnavailableError(store, { cause: error }) : error;
  }
}
