/**
 * The operator's view of background work (docs/operations.md, "Background work"): `passes work status`
 * (each kind's pending items and how long the oldest due one has waited), `passes work list <kind>` (its
 * items, newest first, by status or group), and `passes work retry <id>` (a dead item due again now, such as a
 * delivery that died while its receiver was down; the attempts made so far still count).
 */
import { workLag, WORK_STATUSES, type WorkItem, type WorkStatus } from '@passes/background-work';
import { DomainError } from '@passes/domain';
import { WORK_KIND_NAMES } from '@passes/runtime';
import { type CliContext, Refused, UsageError } from './cli-context';
import { count } from './progress';
import { table } from './table';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 1000;

export async function workStatus({ work, clock, output }: CliContext, json: boolean): Promise<void> {
  const lags = await workLag(work, clock.now());
  if (json) {
    output.out(JSON.stringify(lags.map(({ kind, pending, lagSeconds }) => ({ kind, pending, lag_seconds: lagSeconds })), null, 2));
    return;
  }
  if (lags.length === 0) {
    output.out('No background work is pending.');
    return;
  }
  output.out(table(['kind', 'pending', 'lag'], lags.map(({ kind, pending, lagSeconds }) => [kind, count(pending), `${lagSeconds.toFixed(1)} s`])));
}

export interface WorkListOptions {
  status: string | undefined;
  group: string | undefined;
  limit: string | undefined;
  json: boolean;
}

export async function workList({ work, output }: CliContext, kind: string, options: WorkListOptions): Promise<void> {
  const items = await work.list({
    kind,
    ...(options.status === undefined ? {} : { status: statusOf(options.status) }),
    ...(options.group === undefined ? {} : { group: options.group }),
    limit: limitOf(options.limit),
  });
  // A kind with items is listed even when this version records it no more; one with none must be known.
  if (items.length === 0 && !WORK_KIND_NAMES.includes(kind)) throw new UsageError(`Unknown kind '${kind}': use ${WORK_KIND_NAMES.join(', ')}`);
  if (options.json) {
    output.out(JSON.stringify(items.map(describe), null, 2));
    return;
  }
  const rows = items.map((item) => [item.id, item.group ?? '-', item.status, String(item.attempts), item.dueAt?.toISOString() ?? '-', item.lastAttemptAt?.toISOString() ?? '-', lastOutcome(item)]);
  output.out(table(['id', 'group', 'status', 'attempts', 'due at', 'last attempt', 'last outcome'], rows));
}

export async function workRetry({ work, clock, output }: CliContext, id: string): Promise<void> {
  const item = await work.get(id);
  if (item === null) throw new DomainError('not_found', `No background work item '${id}'`);
  if (item.status === 'pending') {
    output.out(`${id} is pending already, due at ${item.dueAt?.toISOString() ?? 'once its lease ends'}.`);
    return;
  }
  // Done work was done, and cancelled work is not to be done: attempting either again would send it twice.
  if (item.status !== 'dead') throw new Refused(`${id} (${item.kind}) is ${item.status} and is not retried: only a dead item is made due again`);
  await work.reschedule(id, clock.now());
  output.out(`${id} (${item.kind}) is due again now; a running service attempts it within its poll interval.`);
}

function describe(item: WorkItem) {
  return {
    id: item.id,
    kind: item.kind,
    group: item.group,
    status: item.status,
    attempts: item.attempts,
    due_at: item.dueAt?.toISOString() ?? null,
    last_attempt_at: item.lastAttemptAt?.toISOString() ?? null,
    last_code: item.lastCode,
    last_error: item.lastError,
    created_at: item.createdAt.toISOString(),
  };
}

function lastOutcome(item: WorkItem): string {
  if (item.lastAttemptAt === null) return '-';
  return [item.lastCode === null ? null : String(item.lastCode), item.lastError].filter((part) => part !== null).join(' ') || 'ok';
}

function statusOf(text: string): WorkStatus {
  const status = WORK_STATUSES.find((known) => known === text);
  if (status === undefined) throw new UsageError(`Unknown status '${text}': use ${WORK_STATUSES.join(', ')}`);
  return status;
}

function limitOf(text: string | undefined): number {
  if (text === undefined) return DEFAULT_LIMIT;
  const limit = Number(text);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw new UsageError(`--limit must be a whole number from 1 to ${MAX_LIMIT}, not '${text}'`);
  return limit;
}
