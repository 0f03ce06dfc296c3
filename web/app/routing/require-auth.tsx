import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '@web/lib/me';
import { PageSpinner } from '@web/components/ui/spinner';

/** Wraps the sign-in routes of the route table: spinner while the session loads, else /auth. */
export function RequireAuth() {
  const { viewer, isLoading } = useMe();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!viewer) return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
