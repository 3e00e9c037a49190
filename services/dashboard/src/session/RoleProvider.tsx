/**
 * The signed-in user's role, read once a session from `GET /businesses/me`, so screens offer only what
 * the role may do. The API decides on every request; this only keeps out of sight what it would refuse.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { roleAllows, type UserRole } from '@passes/domain';
import { useResource } from '../hooks/use-resource';
import { useApi, useSession } from './SessionProvider';

/** The role once read, null while it is read (`reading`) or when it could not be. */
const RoleContext = createContext<{ role: UserRole | null; reading: boolean }>({ role: null, reading: true });

export function RoleProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const { session } = useSession();
  const me = useResource(() => api.business.me(), `role of ${session?.token ?? ''}`);
  const role = me.resource.status === 'ready' ? me.resource.data.role : null;
  return <RoleContext.Provider value={{ role, reading: me.resource.status === 'loading' }}>{children}</RoleContext.Provider>;
}

/** Whether the user may do what needs at least `least`; until the role is known, only what every role may. */
export function useMay(least: UserRole): boolean {
  const { role } = useContext(RoleContext);
  return least === 'staff' || (role !== null && roleAllows(role, least));
}

/**
 * Whether a screen for `least` is the user's: `yes`, `no` once the role says so, `reading` meanwhile. A role
 * that could not be read lets the screen show, and the API answers for it.
 */
export function useScreenAllowed(least: UserRole): 'yes' | 'no' | 'reading' {
  const { role, reading } = useContext(RoleContext);
  if (least === 'staff') return 'yes';
  if (reading) return 'reading';
  return role === null || roleAllows(role, least) ? 'yes' : 'no';
}

export function useRole(): UserRole | null {
  return useContext(RoleContext).role;
}
