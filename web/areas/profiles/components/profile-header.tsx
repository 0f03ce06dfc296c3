import { BadgeCheck, Briefcase, Building2, CalendarDays, Lock, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  displayName,
  joinedText,
  PROFILE_MSG,
  SETTINGS_MSG,
  type ConnectionList,
  type ProfileView,
} from '@common/profiles/model';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { IMAGE_PRESETS, imageVariantUrl, parseImageUrl } from '@common/core/uploads';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';
import { SkillsBadges } from './skills-badges';

/**
 * The header card: cover banner (a gradient without a photo), the avatar over its lower edge, then
 * name, username, headline, company and place, bio, skills, joined date and counts. A restricted
 * profile shows only name, avatar and headline.
 */
export function ProfileHeader({
  view,
  actions,
  coverAction,
  followersDelta = 0,
  onShowList,
}: {
  view: ProfileView;
  /** Buttons beside the name (edit, or follow, connect, message). */
  actions: ReactNode;
  /** Own profile: the controls laid over the banner (positioned by themselves). */
  coverAction?: ReactNode;
  /** The viewer's follow tap not yet in the counts. */
  followersDelta?: number;
  onShowList: (list: ConnectionList) => void;
}) {
  const { profile, stats, restricted, blockedByYou, connection } = view;
  const name = displayName(profile);
  const place = [profile.company, profile.location].filter(Boolean);

  return (
    <Card className="overflow-hidden">
      <div className="relative h-32 bg-linear-to-br from-indigo-500 via-violet-500 to-fuchsia-500 sm:h-48 dark:from-indigo-700 dark:via-violet-700 dark:to-fuchsia-700">
        {profile.coverPhotoUrl ? <CoverImage url={profile.coverPhotoUrl} /> : null}
        {coverAction}
      </div>

      <div className="relative flow-root px-4 pb-5 sm:px-6 sm:pb-6">
        <Avatar
          src={imageVariantUrl(profile.avatarUrl, 256)}
          name={name}
          className="-mt-12 size-24 ring-4 ring-card sm:-mt-16 sm:size-32 [&_span]:text-3xl"
        />

        <div className="mt-3 flex flex-col gap-3">
          <div>
            <h1 className="flex items-center gap-1.5 text-2xl font-bold tracking-tight break-words">
              {name}
              {profile.verified ? (
                <BadgeCheck aria-label="Verified" role="img" className="size-5 shrink-0 text-link" />
              ) : null}
            </h1>
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              @{profile.username}
              {connection?.followsYou && connection.status !== 'friends' ? (
                <Badge variant="secondary">Follows you</Badge>
              ) : null}
            </p>
            {profile.title ? (
              <p className="mt-1 flex items-center gap-1.5 font-medium">
                <Briefcase aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                {profile.title}
              </p>
            ) : null}
          </div>

          {/* Under the name on narrow screens; beside the avatar, over the banner's edge, on wide ones. */}
          <div className="lg:absolute lg:top-4 lg:right-6">{actions}</div>

          {restricted ? (
            <p className="flex items-center gap-2 rounded-md border border-border bg-muted px-3 py-2 text-sm text-muted-foreground">
              <Lock aria-hidden="true" className="size-4 shrink-0" />
              {blockedByYou ? SETTINGS_MSG.blocked(name) : PROFILE_MSG.restricted}
            </p>
          ) : (
            <>
              {place.length > 0 ? (
                <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                  {profile.company ? (
                    <li className="flex items-center gap-1.5">
                      <Building2 aria-hidden="true" className="size-4 shrink-0" />
                      <span className="sr-only">Company: </span>
                      {profile.company}
                    </li>
                  ) : null}
                  {profile.location ? (
                    <li className="flex items-center gap-1.5">
                      <MapPin aria-hidden="true" className="size-4 shrink-0" />
                      <span className="sr-only">Location: </span>
                      {profile.location}
                    </li>
                  ) : null}
                </ul>
              ) : null}

              <p
                className={cn(
                  'text-sm leading-relaxed whitespace-pre-line break-words',
                  !profile.bio && 'text-muted-foreground italic',
                )}
              >
                {profile.bio || PROFILE_MSG.noBio}
              </p>

              <SkillsBadges skills={profile.skills} />

              <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
                {stats ? (
                  <>
                    <CountButton
                      count={stats.followers + followersDelta}
                      one="Follower"
                      onClick={() => onShowList('followers')}
                    />
                    <CountButton
                      count={stats.following}
                      one="Following"
                      many="Following"
                      onClick={() => onShowList('following')}
                    />
                    <CountButton count={stats.friends} one="Friend" onClick={() => onShowList('friends')} />
                  </>
                ) : null}
                <span className="flex items-center gap-1.5 text-muted-foreground">
                  <CalendarDays aria-hidden="true" className="size-4" />
                  {joinedText(profile.createdAt)}
                </span>
              </div>
            </>
          )}
        </div>
      </div>
    </Card>
  );
}

/** The banner picture; our own uploads offer the phone-sized copy too. */
function CoverImage({ url }: { url: string }) {
  const srcSet = parseImageUrl(url)
    ? IMAGE_PRESETS.cover.sizes.map((w) => `${imageVariantUrl(url, w)} ${w}w`).join(', ')
    : undefined;
  return (
    <img
      src={url}
      srcSet={srcSet}
      sizes="(min-width: 1024px) 1024px, 100vw"
      alt=""
      // The page's largest picture: fetched first.
      fetchPriority="high"
      className="absolute inset-0 size-full object-cover"
    />
  );
}

/** "12 Followers", "1 Follower": opens that list in the connections card. */
function CountButton({
  count,
  one,
  many = `${one}s`,
  onClick,
}: {
  count: number;
  one: string;
  many?: string;
  onClick: () => void;
}) {
  const label = count === 1 ? one : many;
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="font-semibold text-foreground tabular-nums">{count}</span>{' '}
      <span className="text-muted-foreground">{label}</span>
    </button>
  );
}
