/**
 * The frame of every signed-in screen: a skip link, the business's navigation (a bar on a phone, a side
 * column on a desktop), log-out, and the main region that takes focus after each navigation.
 */
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Link } from '../router/Link';
import { useLocation } from '../router/location';
import { useSession } from '../session/SessionProvider';

const SECTIONS = [
  { to: '/', label: 'Home' },
  { to: '/templates', label: 'Templates' },
  { to: '/passes', label: 'Passes' },
  { to: '/scan', label: 'Scan' },
  { to: '/api-keys', label: 'API keys' },
  { to: '/webhooks', label: 'Webhooks' },
  { to: '/automations', label: 'Automations' },
] as const;

export function Layout({ children }: { children: ReactNode }) {
  const { path } = useLocation();
  const { end } = useSession();
  const mainRef = useFocusOnNavigation(path);
  const current = (to: string) => (to === '/' ? path === '/' : path === to || path.startsWith(`${to}/`));
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true" />
          Wallet passes
        </Link>
        <button type="button" className="button quiet" onClick={() => end('logged_out')}>
          Log out
        </button>
      </header>
      <nav className="sections" aria-label="Dashboard">
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <Link to={section.to} aria-current={current(section.to) ? 'page' : undefined}>
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" ref={mainRef} tabIndex={-1}>
        <Suspense
          fallback={
            <p className="loading" role="status">
              Loading…
            </p>
          }
        >
          {children}
        </Suspense>
      </main>
    </div>
  );
}

/** After a navigation (not the first load), focus goes to the new screen's heading, as a page load would. */
function useFocusOnNavigation(path: string) {
  const mainRef = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = mainRef.current?.querySelector<HTMLElement>('h1');
    (heading ?? mainRef.current)?.focus();
  }, [path]);
  return mainRef;
}
