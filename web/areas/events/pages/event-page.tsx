import { isUuid } from '@common/core/ids';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CalendarDays, Pencil, UserPlus, XCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { preload } from 'react-dom';
import { Link, useParams } from 'react-router';
import { imageVariantUrl } from '@common/core/uploads';
import { EVENT_MSG, eventTopic } from '@common/events/model';
import { displayName } from '@common/profiles/model';
import { useMe } from '@web/lib/me';
import { LoadError } from '@web/components/load-error';
import { GeneratedCover } from '@web/components/generated-cover';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { isApiError, refusalText } from '@web/lib/api-client';
import { WhenNearView } from '@web/components/when-near-view';
import { useDrawnInBackground } from '@web/lib/drawn-in-background';
import { useLiveTopic, useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { toast } from '@web/lib/toast';
import { useCancelEvent } from '../api/event-mutations';
import { useEvent } from '../api/get-events';
import { eventKeys } from '../api/query-keys';
import { DeleteEventButton } from '../components/delete-event-button';
import { EventFacts, TypeBadge } from '../components/event-parts';
import { AddToCalendar } from '../components/add-to-calendar';
import { RsvpPanel } from '../components/rsvp-panel';

function Frame({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-3 py-6 sm:px-6">{children}</div>;
}

function BackLink() {
  return (
    <Button asChild variant="ghost" className="w-fit">
      <Link to="/events">
        <ArrowLeft aria-hidden="true" />
        {EVENT_MSG.back}
      </Link>
    </Button>
  );
}

function NotFound() {
  return (
    <Frame>
      <Card className="flex flex-col items-center gap-4 p-8 text-center">
        <h1 className="text-lg font-semibold">{EVENT_MSG.notFound}</h1>
        <BackLink />
      </Card>
    </Frame>
  );
}

// What the first view does without (a phone draws the event first, in short tasks): the Guest
// List (its tabs and its read), loaded as the reader nears it; the organizer's dialogs (invite,
// edit with its form and schemas, the confirmations), loaded when first opened.
const GuestList = lazy(() => import('../components/guest-list').then((m) => ({ default: m.GuestList })));
const loadInvite = () => import('../components/invite-dialog');
const InviteDialog = lazy(() => loadInvite().then((m) => ({ default: m.InviteDialog })));
const loadEdit = () => import('../components/edit-event-dialog');
const EditEventDialog = lazy(() => loadEdit().then((m) => ({ default: m.EditEventDialog })));
const loadConfirm = () => import('@web/components/confirm-dialog');
const ConfirmDialog = lazy(() => loadConfirm().then((m) => ({ default: m.ConfirmDialog })));

/** The cover's copies (750 and 1500 wide) and the width it takes: a phone fetches the small one. */
const coverSrcSet = (url: string) => `${imageVariantUrl(url, 750)} 750w, ${imageVariantUrl(url, 1500)} 1500w`;
const COVER_SIZES = '(min-width: 64rem) 48rem, 100vw';

/** The place the Guest List keeps until drawn: its heading, totals, tabs and a row or two. */
const GUEST_LIST_HEIGHT = '14rem';

/** /events/{eventId}: the event in the viewer's time zone, the RSVP panel, About, the Guest List. */
export function EventPage() {
  const { eventId = '' } = useParams();
  const valid = isUuid(eventId);
  const { viewer, isLoading: meLoading } = useMe();
  const query = useEvent(eventId, valid);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [inviting, setInviting] = useState(false);
  // Each dialog is mounted from its first opening on (its code loads then), and stays mounted.
  const [opened, setOpened] = useState({ invite: false, edit: false, cancel: false });
  const open = (dialog: keyof typeof opened, show: (on: boolean) => void) => {
    setOpened((o) => (o[dialog] ? o : { ...o, [dialog]: true }));
    show(true);
  };
  const cancel = useCancelEvent(eventId);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
  useLiveTopic(valid && viewer ? eventTopic(eventId) : null, refresh, { shows: [eventKeys.detail(eventId)] });
  useRealtimeEvent('event.changed', (e) => {
    if (e.eventId === eventId) refresh();
  });

  // The page is drawn in short tasks once the event has come (a phone's main thread stays free).
  const event = useDrawnInBackground(query.data);
  // The cover, the page's largest picture, is asked for as soon as the event has come, while the
  // page is still being drawn: the same copy the <img> below picks (same srcset and sizes).
  const cover = query.data?.coverPhotoUrl;
  if (cover) {
    preload(imageVariantUrl(cover, 1500), {
      as: 'image',
      imageSrcSet: coverSrcSet(cover),
      imageSizes: COVER_SIZES,
      fetchPriority: 'high',
    });
  }

  if (!valid) return <NotFound />;
  if (query.isPending || meLoading || (query.data && !event)) return <PageSpinner />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFound />;
    return (
      <Frame>
        <Card>
          <LoadError message={EVENT_MSG.loadFailed} onRetry={query.refetch} retryLabel={EVENT_MSG.tryAgain} />
        </Card>
      </Frame>
    );
  }
  if (!event) return <PageSpinner />;
  return (
    <Frame>
      <BackLink />
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="overflow-hidden">
          {event.coverPhotoUrl ? (
            <img
              src={imageVariantUrl(event.coverPhotoUrl, 1500)}
              srcSet={coverSrcSet(event.coverPhotoUrl)}
              sizes={COVER_SIZES}
              alt=""
              // The page's largest picture: fetched first.
              fetchPriority="high"
              className="aspect-[3/1] w-full object-cover"
            />
          ) : (
            <GeneratedCover title={event.title} icon={CalendarDays} className="aspect-[4/1]" />
          )}
          <div className="grid gap-4 p-4 sm:p-6">
            <div className="flex flex-wrap items-center gap-2">
              <TypeBadge type={event.type} />
              {event.isOrganizer ? <Badge>{EVENT_MSG.organizer}</Badge> : null}
              {event.cancelled ? <Badge variant="destructive">{EVENT_MSG.cancelled}</Badge> : null}
            </div>
            <h1 className="text-2xl font-semibold tracking-tight break-words">{event.title}</h1>
            {event.cancelled ? (
              <p role="status" className="text-sm text-destructive-text">
                {EVENT_MSG.cancelledNotice}
              </p>
            ) : null}
            <EventFacts event={event} />
            <div className="flex items-center gap-2 text-sm">
              <Avatar
                src={imageVariantUrl(event.organizer.avatarUrl, 96)}
                name={displayName(event.organizer)}
                className="size-8"
              />
              <span className="text-muted-foreground">{EVENT_MSG.organizer}:</span>
              <Link to={`/profile/${event.organizer.id}`} className="font-medium hover:underline">
                {displayName(event.organizer)}
              </Link>
            </div>
            <div className="flex flex-wrap gap-2">
              <AddToCalendar event={event} />
              {event.isOrganizer && !event.cancelled ? (
                <>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => open('invite', setInviting)}
                    onPointerEnter={() => void loadInvite()}
                    onFocus={() => void loadInvite()}
                  >
                    <UserPlus aria-hidden="true" />
                    {EVENT_MSG.invite}
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => open('edit', setEditing)}
                    onPointerEnter={() => void loadEdit()}
                    onFocus={() => void loadEdit()}
                  >
                    <Pencil aria-hidden="true" />
                    {EVENT_MSG.edit}
                  </Button>
                </>
              ) : null}
              {event.canCancel ? (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => open('cancel', setCancelling)}
                  onPointerEnter={() => void loadConfirm()}
                  onFocus={() => void loadConfirm()}
                >
                  <XCircle aria-hidden="true" />
                  {EVENT_MSG.cancelEvent}
                </Button>
              ) : null}
              {event.isOrganizer ? <DeleteEventButton eventId={event.id} /> : null}
            </div>
          </div>
        </Card>
        {/* Above the fold: the side column on a wide screen; stuck to the bottom on a phone. */}
        <RsvpPanel
          event={event}
          signedIn={viewer !== null && viewer !== undefined}
          className="sticky bottom-0 z-10 shadow-lg lg:top-20 lg:bottom-auto lg:shadow-none"
        />
      </div>
      <Card className="grid gap-2 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">{EVENT_MSG.about}</h2>
        <p className="text-sm break-words whitespace-pre-line">{event.description || '—'}</p>
      </Card>
      <WhenNearView minHeight={GUEST_LIST_HEIGHT}>
        <Suspense fallback={<div aria-hidden="true" style={{ minHeight: GUEST_LIST_HEIGHT }} />}>
          <GuestList event={event} />
        </Suspense>
      </WhenNearView>

      {event.isOrganizer && opened.invite ? (
        <Suspense fallback={null}>
          <InviteDialog eventId={event.id} title={event.title} open={inviting} onOpenChange={setInviting} />
        </Suspense>
      ) : null}
      {event.isOrganizer && opened.edit ? (
        <Suspense fallback={null}>
          <EditEventDialog event={event} open={editing} onOpenChange={setEditing} />
        </Suspense>
      ) : null}
      {opened.cancel ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={cancelling}
            onOpenChange={setCancelling}
            title={EVENT_MSG.cancelConfirmTitle}
            description={EVENT_MSG.cancelConfirmText}
            confirmLabel={EVENT_MSG.cancelEvent}
            isBusy={cancel.isPending}
            onConfirm={() =>
              cancel.mutate(undefined, {
                onSuccess: () => {
                  setCancelling(false);
                  toast.success(EVENT_MSG.eventCancelled);
                },
                onError: (e) => toast.error(EVENT_MSG.errorUpdating, { description: refusalText(e) ?? '' }),
              })
            }
          />
        </Suspense>
      ) : null}
    </Frame>
  );
}
