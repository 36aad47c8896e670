import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { loginHrefFor } from '../lib/return-to';
import { useSession } from '../lib/session';

/**
 * Layout route around every page but /, /login, /register and /rpwd (decision 015): a
 * logged-out player goes to /login, which brings them back afterwards. While the session is
 * still initializing nothing private renders, so no page fires an authenticated call without a
 * token. Unknown paths stay outside it and show the not-found page to everyone.
 */
export function RequireSession() {
  const { status } = useSession();
  const { pathname, search } = useLocation();
  if (status === 'initializing') return null;
  if (status === 'logged_out') return <Navigate to={loginHrefFor(paths.login.path, pathname + search)} replace />;
  return <Outlet />;
}
