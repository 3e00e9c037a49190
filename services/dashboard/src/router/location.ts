/**
 * Where the dashboard is, below its base `/dashboard`: the browser's history is the only state, so links
 * can be shared, reloaded and opened in a new tab.
 */
import { useSyncExternalStore } from 'react';

const BASE_PATH = '/dashboard';
const NAVIGATED = 'dashboard:navigate';

interface DashboardLocation {
  /** Below the base, always starting with `/`. */
  path: string;
  search: string;
}

export function hrefOf(to: string): string {
  return `${BASE_PATH}${to.startsWith('/') ? to : `/${to}`}`;
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const href = hrefOf(to);
  if (options.replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  window.dispatchEvent(new Event(NAVIGATED));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATED, onChange);
  };
}

const snapshot = () => `${window.location.pathname}${window.location.search}`;

export function useLocation(): DashboardLocation {
  const current = useSyncExternalStore(subscribe, snapshot);
  const url = new URL(current, window.location.origin);
  const below = url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) : url.pathname;
  return { path: below === '' ? '/' : below, search: url.search };
}

/** The path and query of where the user is, to come back to after logging in. */
export function currentTarget(): string {
  const { pathname, search } = window.location;
  const below = pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) : pathname;
  return `${below || '/'}${search}`;
}
