import { LogIn } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { EVENT_MSG } from '@common/events/model';
import { useMe } from '@web/areas/auth/api/get-me';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { toast } from '@web/lib/toast';
import { useCreateEvent } from '../api/event-mutations';
import { EventForm } from '../components/event-form';

/** /events/create: members; a visitor is told 'Please log in to create events' with a way to sign in. */
export function CreateEventPage() {
  const navigate = useNavigate();
  const create = useCreateEvent();
  const { viewer, isLoading } = useMe();
  if (isLoading) return <PageSpinner />;
  if (!viewer)
    return (
      <section className="mx-auto w-full max-w-2xl px-3 py-6 sm:px-6">
        <Card className="flex flex-col items-center gap-4 p-8 text-center">
          <h1 className="text-lg font-semibold">{EVENT_MSG.createTitle}</h1>
          <p className="text-sm text-muted-foreground">{EVENT_MSG.loginToCreate}</p>
          <Button asChild>
            <Link to="/auth" state={{ from: '/events/create' }}>
              <LogIn aria-hidden="true" />
              Sign in
            </Link>
          </Button>
        </Card>
      </section>
    );
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
          onSubmit={(input, showServerErrors) =>
            create.mutate(input, {
              onSuccess: (event) => {
                toast.success(EVENT_MSG.created);
                void navigate(`/events/${event.id}`);
              },
              onError: (e) => void showServerErrors(e),
            })
          }
        />
      </Card>
    </section>
  );
}
