import { Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { EVENT_MSG } from '@common/events/model';
import { Button } from '@web/components/ui/button';
import { refusalText } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useDeleteEvent } from '../api/event-mutations';

// The confirmation's code (the dialog) loads when the organizer first asks to delete.
const loadConfirm = () => import('@web/components/confirm-dialog');
const ConfirmDialog = lazy(() => loadConfirm().then((m) => ({ default: m.ConfirmDialog })));

/** The organizer's 'Delete Event', behind a confirmation; afterwards the list of events. */
export function DeleteEventButton({ eventId }: { eventId: string }) {
  const [open, setOpen] = useState(false);
  const [hasAsked, setHasAsked] = useState(false);
  const remove = useDeleteEvent(eventId);
  const navigate = useNavigate();
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="text-destructive-text"
        onClick={() => {
          setHasAsked(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadConfirm()}
        onFocus={() => void loadConfirm()}
      >
        <Trash2 aria-hidden="true" />
        {EVENT_MSG.deleteEvent}
      </Button>
      {hasAsked ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            title={EVENT_MSG.deleteConfirmTitle}
            description={EVENT_MSG.deleteConfirmText}
            confirmLabel={EVENT_MSG.deleteEvent}
            isBusy={remove.isPending}
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  setOpen(false);
                  toast.success(EVENT_MSG.eventDeleted);
                  void navigate('/events', { replace: true });
                },
                onError: (e) => toast.error(EVENT_MSG.deleteFailed, { description: refusalText(e) ?? '' }),
              })
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}
