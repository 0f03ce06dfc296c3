import { googleCalendarUrl, outlookCalendarUrl } from '@common/events/calendar';
import { EVENT_MSG, type EventDetail } from '@common/events/model';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { AddToCalendarTrigger } from './add-to-calendar-trigger';

/** The real 'Add to calendar' menu, loaded on the first click (add-to-calendar.tsx) and mounted open. */
export function AddToCalendarMenu({
  event,
  defaultOpen = false,
}: {
  event: EventDetail;
  defaultOpen?: boolean;
}) {
  const page = `${window.location.origin}/events/${event.id}`;
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AddToCalendarTrigger />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuItem asChild>
          <a href={googleCalendarUrl(event, page)} target="_blank" rel="noopener noreferrer">
            {EVENT_MSG.googleCalendar}
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={outlookCalendarUrl(event, page)} target="_blank" rel="noopener noreferrer">
            {EVENT_MSG.outlookCalendar}
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={`/api/events/${event.id}/calendar.ics`} download>
            {EVENT_MSG.downloadIcs}
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
