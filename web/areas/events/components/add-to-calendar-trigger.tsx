import { CalendarPlus, ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { EVENT_MSG } from '@common/events/model';
import { Button } from '@web/components/ui/button';

/** 'Add to calendar''s button, the same before and after the menu's code has loaded. */
export function AddToCalendarTrigger(props: ComponentProps<'button'>) {
  return (
    <Button variant="outline" size="sm" {...props}>
      <CalendarPlus aria-hidden="true" />
      {EVENT_MSG.addToCalendar}
      <ChevronDown aria-hidden="true" />
    </Button>
  );
}
