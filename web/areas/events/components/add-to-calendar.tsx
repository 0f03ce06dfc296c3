import { lazy } from 'react';
import type { EventDetail } from '@common/events/model';
import { DeferredMenu } from '@web/components/deferred-menu';
import { AddToCalendarTrigger } from './add-to-calendar-trigger';

// The menu's code (Radix's menu and its positioning) loads on the first click, not with the page.
const loadMenu = () => import('./add-to-calendar-menu');
const AddToCalendarMenu = lazy(() => loadMenu().then((m) => ({ default: m.AddToCalendarMenu })));

/** 'Add to calendar': Google Calendar and Outlook (new tabs) beside the .ics download. */
export function AddToCalendar({ event }: { event: EventDetail }) {
  return (
    <DeferredMenu
      preload={loadMenu}
      menu={<AddToCalendarMenu event={event} defaultOpen />}
      renderTrigger={(props) => <AddToCalendarTrigger {...props} />}
    />
  );
}
