import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EVENT_MSG } from '@common/events/model';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { refusalText } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useDeleteEvent } from '../api/event-mutations';

/** The organizer's 'Delete Event', behind a confirmation; afterwards the list of events. */
export function DeleteEventButton({ eventId }: { eventId: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteEvent(eventId);
  const navigate = useNavigate();
  return (
    <>
      <Button variant="outline" size="sm" className="text-destructive-text" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        {EVENT_MSG.deleteEvent}
      </Button>
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
    </>
  );
}
