/** The business's dashboard users (owners only): invite, list, change a role, remove. */
import { userListResponse, userResponse } from '@passes/contracts';
import type { UserRole } from '@passes/domain';
import type { InviteUserBody } from '../../validation/user-forms';
import { segment, type ApiClient } from '../api-client';

/** A café's team fits one page. */
const PAGE_SIZE = 200;

export function usersApi(client: ApiClient, business: string) {
  return {
    list: () => client.read(userListResponse, { method: 'GET', path: `${business}/users`, query: { limit: PAGE_SIZE } }),
    invite: (body: InviteUserBody, idempotencyKey: string) => client.read(userResponse, { method: 'POST', path: `${business}/users`, body, idempotencyKey }),
    changeRole: (userId: string, role: UserRole, idempotencyKey: string) =>
      client.read(userResponse, { method: 'PATCH', path: `${business}/users/${segment(userId)}`, body: { role }, idempotencyKey }),
    remove: (userId: string) => client.perform({ method: 'DELETE', path: `${business}/users/${segment(userId)}` }),
  };
}
