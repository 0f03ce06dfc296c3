import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EVENT_MSG, type EventList, type EventSummary } from '@common/events/model';
import type { ProfileSectionProps } from '@web/app/areas/contract';
import { useMe } from '@web/lib/me';
import { pagedItems, ProfileSectionCard, SectionLoadMore } from '@web/components/profile-section-card';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useEventList } from './api/get-events';
import { eventDate, eventTime, TypeBadge } from './components/event-parts';
import { InviteDialog } from './components/invite-dialog';

const PAGE_SIZE = 5;

type Tab = { list: EventList; label: string; empty: string };

function EventRows({
  query,
  empty,
  onInvite,
}: {
  query: ReturnType<typeof useEventList>;
  empty: string;
  onInvite?: ((e: EventSummary) => void) | undefined;
}) {
  const items = pagedItems(query);
  if (items.length === 0) return <p className="py-3 text-sm text-muted-foreground">{empty}</p>;
  return (
    <>
      <ul className="flex flex-col divide-y divide-border">
        {items.map((e) => (
          <li key={e.id} className="flex min-w-0 flex-wrap items-center gap-3 py-3">
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <Link to={`/events/${e.id}`} className="font-medium break-words hover:underline">
                {e.title}
              </Link>
              <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <TypeBadge type={e.type} />
                {e.cancelled ? <Badge variant="destructive">{EVENT_MSG.cancelled}</Badge> : null}
                <time dateTime={e.startsAt}>
                  {eventDate(e.startsAt)}, {eventTime(e.startsAt)}
                </time>
              </div>
            </div>
            {onInvite && !e.cancelled ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => onInvite(e)}
                aria-label={`${EVENT_MSG.invite}: ${e.title}`}
              >
                <UserPlus aria-hidden="true" />
                {EVENT_MSG.invite}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <SectionLoadMore query={query} className="mt-3" />
    </>
  );
}

/**
 * The profile's events: tabs My Events, Attending and, on one's own
 * profile, Invited; on one's own profile each of My Events has Invite (the invitation picker).
 * Nothing while loading or when every tab is empty.
 */
export function ProfileEvents({ userId, isSelf, title }: ProfileSectionProps) {
  const { viewer } = useMe();
  const viewerId = viewer?.id ?? null;
  const created = useEventList('created', userId, viewerId, PAGE_SIZE);
  const attending = useEventList('attending', userId, viewerId, PAGE_SIZE);
  // Invitations are the viewer's own: asked for on their own profile only.
  const invited = useEventList('invited', null, viewerId, PAGE_SIZE, isSelf);
  const [tab, setTab] = useState<EventList>('created');
  const [inviteTo, setInviteTo] = useState<EventSummary | null>(null);
  const tabs: (Tab & { query: typeof created })[] = [
    { list: 'created', label: EVENT_MSG.myEvents, empty: EVENT_MSG.noMyEvents, query: created },
    { list: 'attending', label: EVENT_MSG.attendingTab, empty: EVENT_MSG.noAttending, query: attending },
    ...(isSelf
      ? [
          {
            list: 'invited' as const,
            label: EVENT_MSG.invitedTab,
            empty: EVENT_MSG.noInvited,
            query: invited,
          },
        ]
      : []),
  ];
  const count = (q: typeof created) => q.data?.pages[0]?.items.length ?? 0;
  if (tabs.some((t) => t.query.isPending)) return null;
  if (tabs.every((t) => count(t.query) === 0)) return null;
  return (
    <ProfileSectionCard title={title}>
      <Tabs value={tab} onValueChange={(v) => setTab(v as EventList)}>
        <TabsList aria-label={title} className="w-full justify-start overflow-x-auto">
          {tabs.map((t) => (
            <TabsTrigger key={t.list} value={t.list} className="flex-none">
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((t) => (
          <TabsContent key={t.list} value={t.list}>
            <EventRows
              query={t.query}
              empty={t.empty}
              onInvite={isSelf && t.list === 'created' ? setInviteTo : undefined}
            />
          </TabsContent>
        ))}
      </Tabs>
      {inviteTo ? (
        <InviteDialog
          eventId={inviteTo.id}
          title={inviteTo.title}
          open
          onOpenChange={(open) => {
            if (!open) setInviteTo(null);
          }}
        />
      ) : null}
    </ProfileSectionCard>
  );
}
