/** Goes elsewhere at once, replacing the history entry (a redirect, not a step the back button returns to). */
import { useEffect } from 'react';
import { navigate } from '../router/location';

export function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}
