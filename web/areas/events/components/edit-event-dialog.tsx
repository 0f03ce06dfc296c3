import { lazy, Suspense } from 'react';
import { EVENT_MSG, type EventDetail } from '@common/events/model';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { PageSpinner } from '@web/components/ui/spinner';
import { toast } from '@web/lib/toast';
import { useUpdateEvent } from '../api/event-mutations';

// The form (and the schemas it checks with) comes in its own chunk, when the organizer edits.
const EventForm = lazy(() => import('./event-form').then((m) => ({ default: m.EventForm })));

/** The organizer's Edit Event dialog: the event's form, saved in place. */
export function EditEventDialog({
  event,
  open,
  onOpenChange,
}: {
  event: EventDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateEvent(event.id);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{EVENT_MSG.editTitle}</DialogTitle>
        </DialogHeader>
        <Suspense fallback={<PageSpinner className="min-h-40" />}>
          <EventForm
            initial={event}
            submitLabel={EVENT_MSG.save}
            isSaving={update.isPending}
            failedText={EVENT_MSG.errorUpdating}
            onCancel={() => onOpenChange(false)}
            onSubmit={(input, outcome) =>
              update.mutate(input, {
                onSuccess: () => {
                  outcome.succeeded();
                  toast.success(EVENT_MSG.updated);
                  onOpenChange(false);
                },
                onError: (e) => outcome.failed(e),
              })
            }
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
