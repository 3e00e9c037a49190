/**
 * The frame of every signed-in screen: a skip link, the business's navigation (a bar on a phone, a side
 * column on a desktop), the user's own account and log-out, and the main region that takes focus after each
 * navigation.
 */
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Link } from '../router/Link';
import { useLocation } from '../router/location';
import { useMay } from '../session/RoleProvider';
import { useSession } from '../session/SessionProvider';

/** Each section and the least role that can use it (docs/api.md, Users and roles): others do not see it. */
const SECTIONS = [
  { to: '/', label: 'Home', least: 'staff' },
  { to: '/templates', label: 'Templates', least: 'manager' },
  { to: '/passes', label: 'Passes', least: 'staff' },
  { to: '/customers', label: 'Customers', least: 'staff' },
  { to: '/campaigns', label: 'Campaigns', least: 'manager' },
  { to: '/automations', label: 'Automations', least: 'manager' },
  { to: '/scan', label: 'Scan', least: 'staff' },
  { to: '/analytics', label: 'Analytics', least: 'manager' },
  { to: '/api-keys', label: 'API keys', least: 'owner' },
  { to: '/webhooks', label: 'Webhooks', least: 'owner' },
  { to: '/team', label: 'Team', least: 'owner' },
  { to: '/payments', label: 'Payments', least: 'owner' },
] as const;

export function Layout({ children }: { children: ReactNode }) {
  const { path } = useLocation();
  const { logOut } = useSession();
  const mainRef = useFocusOnNavigation(path);
  const current = (to: string) => (to === '/' ? path === '/' : path === to || path.startsWith(`${to}/`));
  const may = { staff: true, manager: useMay('manager'), owner: useMay('owner') };
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
        <div className="topbar-actions">
          <Link to="/account" className="button quiet" aria-current={current('/account') ? 'page' : undefined}>
            Account
          </Link>
          <button type="button" className="button quiet" onClick={logOut}>
            Log out
          </button>
        </div>
      </header>
      <nav className="sections" aria-label="Dashboard">
        <ul>
          {SECTIONS.filter((section) => may[section.least]).map((section) => (
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
