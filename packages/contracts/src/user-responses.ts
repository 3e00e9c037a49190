/** What the users endpoints answer (issue 38): a business's dashboard users, paged. */
import type { z } from 'zod';
import { userResponse } from './account-responses';
import { page } from './milestone-responses';

export const userListResponse = page(userResponse);
export type UserListResponse = z.infer<typeof userListResponse>;
