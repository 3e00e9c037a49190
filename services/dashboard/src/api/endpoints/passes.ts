/** Passes: find, issue (one or in bulk), read with history, act on, redeem a reward, void; and scans at the counter. */
import { bulkIssueResponse, passHistoryResponse, passListResponse, passResponse, passSummaryListResponse, passSummaryResponse, scanResponse } from '@passes/contracts';
import type { IssuePassBody } from '../../validation/issue-pass-form';
import { segment, type ApiClient } from '../api-client';

/** The POST actions on a pass; `stamp`, `points`, `charge` and `topup` take a number in their query. */
export type PassAction =
  | { action: 'stamp'; count: number }
  | { action: 'points'; points: number }
  | { action: 'charge'; amount: string }
  | { action: 'topup'; amount: string }
  | { action: 'checkin' }
  | { action: 'redeem' }
  | { action: 'reactivate' };

type ScanMode = 'verify' | 'checkin';

/** What the passes list asks for; an empty value asks for nothing. */
export type PassListQuery = { q?: string; status?: string; cursor?: string };

/** Only the given parameters: `?q=` with nothing after it is a search for nothing. */
export function withoutEmpty(query: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}

export function passesApi(client: ApiClient, business: string) {
  const passes = `${business}/passes`;
  const pass = (identifier: string) => `${passes}/${segment(identifier)}`;
  return {
    get: (identifier: string) => client.read(passResponse, { method: 'GET', path: pass(identifier) }),
    list: (query: PassListQuery) => client.read(passListResponse, { method: 'GET', path: passes, query: withoutEmpty(query) }),
    history: (identifier: string) => client.read(passHistoryResponse, { method: 'GET', path: `${pass(identifier)}/events` }),
    byEmail: (email: string) => client.read(passSummaryListResponse, { method: 'GET', path: `${passes}/lookup/email/${segment(email)}` }),
    byExternalId: (externalId: string) => client.read(passSummaryResponse, { method: 'GET', path: `${passes}/lookup/external/${segment(externalId)}` }),
    issue: (body: IssuePassBody, idempotencyKey: string) => client.read(passResponse, { method: 'POST', path: passes, body, idempotencyKey }),
    issueInBulk: (items: readonly IssuePassBody[], idempotencyKey: string) =>
      client.read(bulkIssueResponse, { method: 'POST', path: `${passes}/bulk`, body: { passes: items }, idempotencyKey }),
    act: (identifier: string, move: PassAction, idempotencyKey: string) => {
      const { action, ...query } = move;
      return client.read(passResponse, { method: 'POST', path: `${pass(identifier)}/${action}`, query, idempotencyKey });
    },
    redeemReward: (identifier: string, rewardId: string, idempotencyKey: string) =>
      client.read(passResponse, { method: 'POST', path: `${pass(identifier)}/rewards/${segment(rewardId)}/redeem`, idempotencyKey }),
    void: (identifier: string) => client.read(passResponse, { method: 'DELETE', path: pass(identifier) }),
    scan: (code: string, mode: ScanMode, idempotencyKey: string) =>
      client.read(scanResponse, { method: 'POST', path: `${business}/scans`, body: { code, mode }, idempotencyKey }),
  };
}
