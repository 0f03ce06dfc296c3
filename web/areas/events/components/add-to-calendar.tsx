import { CalendarPlus, ChevronDown } from 'lucide-react';
import { googleCalendarUrl, outlookCalendarUrl } from '@common/events/calendar';
import { EVENT_MSG, type EventDetail } from '@common/events/model';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';

/** 'Add to calendar': Google Calendar and Outlook (new tabs) beside the .ics download. */
export function AddToCalendar({ event }: { event: EventDetail }) {
  const page = `${window.location.origin}/events/${event.id}`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <CalendarPlus aria-hidden="true" />
          {EVENT_MSG.addToCalendar}
          <ChevronDown aria-hidden="true" />
        </Button>
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
