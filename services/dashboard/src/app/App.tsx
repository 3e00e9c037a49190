/** Picks the screen for the address: public screens without a session, the rest behind log-in. */
import { matchRoute } from '../router/match-route';
import { currentTarget, useLocation } from '../router/location';
import { RoleProvider } from '../session/RoleProvider';
import { useSession } from '../session/SessionProvider';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { PublicLayout } from './PublicLayout';
import { Redirect } from './Redirect';
import { RoleGate } from './RoleGate';
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES, type Route } from './routes';

function firstMatch(routes: readonly Route[], path: string) {
  for (const route of routes) {
    const params = matchRoute(route.pattern, path);
    if (params) return { route, params };
  }
  return null;
}

export function App() {
  const { path } = useLocation();
  const { session } = useSession();
  const publicMatch = firstMatch(PUBLIC_ROUTES, path);
  if (publicMatch) {
    if (session) return <Redirect to="/" />;
    return <PublicLayout>{publicMatch.route.render(publicMatch.params)}</PublicLayout>;
  }
  if (!session) {
    const target = currentTarget();
    return <Redirect to={target === '/' ? '/login' : `/login?next=${encodeURIComponent(target)}`} />;
  }
  const match = firstMatch(SIGNED_IN_ROUTES, path);
  return (
    <RoleProvider>
      <Layout>{match ? <RoleGate least={match.route.least ?? 'staff'}>{match.route.render(match.params)}</RoleGate> : <NotFoundPage />}</Layout>
    </RoleProvider>
  );
}
