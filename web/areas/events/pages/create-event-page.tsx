import { useNavigate } from 'react-router';
import { EVENT_MSG } from '@common/events/model';
import { Card } from '@web/components/ui/card';
import { isApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useCreateEvent } from '../api/event-mutations';
import { EventForm } from '../components/event-form';

/**
 * /events/create, a sign-in route: a visitor is sent to /auth by the route guard. A session that
 * ends while the form is open is told 'Please log in to create events' when saving.
 */
export function CreateEventPage() {
  const navigate = useNavigate();
  const create = useCreateEvent();
  return (
    <section aria-labelledby="create-heading" className="mx-auto w-full max-w-2xl px-3 py-6 sm:px-6">
      <h1 id="create-heading" className="mb-4 text-2xl font-semibold tracking-tight">
        {EVENT_MSG.createTitle}
      </h1>
      <Card className="p-4 sm:p-6">
        <EventForm
          submitLabel={EVENT_MSG.create}
          isSaving={create.isPending}
          failedText={EVENT_MSG.errorCreating}
          onCancel={() => void navigate('/events')}
          onSubmit={(input, outcome) =>
            create.mutate(input, {
              onSuccess: (event) => {
                outcome.succeeded();
                toast.success(EVENT_MSG.created);
                void navigate(`/events/${event.id}`);
              },
              onError: (e) => {
                if (isApiError(e) && e.status === 401) toast.error(EVENT_MSG.loginToCreate);
                else outcome.failed(e);
              },
            })
          }
        />
      </Card>
    </section>
  );
}
