import type { ComponentProps } from 'react';
import type { Viewer } from '@web/lib/me';
import { Avatar } from '@web/components/ui/avatar';

export function viewerDisplayName(viewer: Viewer): string {
  return viewer.profile.fullName || viewer.profile.username;
}

/** The avatar button that opens the user menu. */
export function UserMenuTrigger({ viewer, ...props }: ComponentProps<'button'> & { viewer: Viewer }) {
  const name = viewerDisplayName(viewer);
  return (
    <button
      type="button"
      aria-label={`Open user menu for ${name}`}
      className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card"
      {...props}
    >
      <Avatar src={viewer.profile.avatarUrl} name={name} />
    </button>
  );
}
