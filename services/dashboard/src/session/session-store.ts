/**
 * Where the access token lives: sessionStorage, for this tab only. It survives a reload but not closing the
 * tab, is never sent by the browser on its own (no cookie, so no CSRF), and is not shared with other tabs
 * or left on the disk for the next person at a shared till the way localStorage would be. Script injection
 * could still read it; the CSP (scripts from this server only) and React's escaping are the defence there.
 * docs/dashboard.md explains the choice.
 */

export interface Session {
  token: string;
  businessId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

const KEY = 'passes.dashboard.session';

export function loadSession(now = Date.now()): Session | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (!isSession(stored) || stored.expiresAt <= now) return null;
    return stored;
  } catch {
    return null;
  }
}

export function saveSession(session: Session): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(session));
  } catch {
    // Storage refused (private mode, quota): the session lives in memory until the tab reloads.
  }
}

export function clearSession(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate['token'] === 'string' && typeof candidate['businessId'] === 'string' && typeof candidate['expiresAt'] === 'number';
}
