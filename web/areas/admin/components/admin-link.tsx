import { Shield } from 'lucide-react';
import { Link } from 'react-router';
import type { Viewer } from '@web/lib/me';
import { Button } from '@web/components/ui/button';

/** The top bar's way to the dashboard, for super admins only (the API refuses anyone else). */
export function AdminLink({ viewer }: { viewer: Viewer }) {
  if (!viewer.profile.isSuperAdmin) return null;
  return (
    <Button asChild variant="outline" size="sm" aria-label="Admin">
      <Link to="/admin">
        <Shield aria-hidden="true" />
        <span className="hidden sm:inline">Admin</span>
      </Link>
    </Button>
  );
}
