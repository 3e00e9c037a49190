/**
 * The signed-in session: the token, the business, and the API bound to both. A token the API refuses,
 * or one past its expiry, ends the session and sends the user to log in, to come back where they were.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiClient } from '../api/api-client';
import { dashboardApi, type DashboardApi } from '../api/dashboard-api';
import { accountsApi } from '../api/endpoints/accounts';
import { newIdempotencyKey } from '../api/idempotency-key';
import { currentTarget, navigate } from '../router/location';
import { clearSession, loadSession, saveSession, type Session } from './session-store';

type SessionEnd = 'logged_out' | 'expired';

interface SessionValue {
  session: Session | null;
  /** The calls of a signed-in screen; null without a session. */
  api: DashboardApi | null;
  accounts: ReturnType<typeof accountsApi>;
  /** Why the last session ended, for the log-in page to say. */
  ended: SessionEnd | null;
  start: (token: string, businessId: string, expiresInSeconds: number) => void;
  end: (reason: SessionEnd) => void;
  /** Ends the session here and on the server, which refuses its token from then on. */
  logOut: () => void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(() => loadSession());
  const [ended, setEnded] = useState<SessionEnd | null>(null);
  const tokenRef = useRef<string | null>(session?.token ?? null);
  tokenRef.current = session?.token ?? null;

  const end = useCallback((reason: SessionEnd) => {
    clearSession();
    tokenRef.current = null;
    setSession(null);
    setEnded(reason);
    const next = reason === 'expired' ? currentTarget() : '/';
    navigate(next === '/' || next.startsWith('/login') ? '/login' : `/login?next=${encodeURIComponent(next)}`, { replace: true });
  }, []);

  const client = useMemo(() => new ApiClient({ token: () => tokenRef.current, onSessionRefused: () => end('expired') }), [end]);

  const logOut = useCallback(() => {
    const token = tokenRef.current;
    end('logged_out');
    if (token === null) return;
    // A call of its own, with the token it ends: a refusal (the token ran out meanwhile) ends nothing more, and
    // a failure leaves the token to run out at its hour.
    const ending = new ApiClient({ token: () => token, onSessionRefused: () => undefined });
    void ending.perform({ method: 'POST', path: '/auth/logout', idempotencyKey: newIdempotencyKey() }).catch(() => undefined);
  }, [end]);

  const start = useCallback((token: string, businessId: string, expiresInSeconds: number) => {
    const started = { token, businessId, expiresAt: Date.now() + expiresInSeconds * 1000 };
    saveSession(started);
    tokenRef.current = token;
    setEnded(null);
    setSession(started);
  }, []);

  // The token stops working at its expiry: end the session then rather than on the next failed call.
  useEffect(() => {
    if (!session) return undefined;
    const timer = window.setTimeout(() => end('expired'), Math.max(0, session.expiresAt - Date.now()));
    return () => window.clearTimeout(timer);
  }, [session, end]);

  const value = useMemo<SessionValue>(
    () => ({
      session,
      api: session ? dashboardApi(client, session.businessId) : null,
      accounts: accountsApi(client),
      ended,
      start,
      end,
      logOut,
    }),
    [session, client, ended, start, end, logOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The API of the signed-in business; only screens behind RequireSession use it. */
export function useApi(): DashboardApi {
  const { api } = useSession();
  if (!api) throw new Error('useApi without a session');
  return api;
}
