/*
 * 'Add to calendar' links for Google Calendar and Outlook on the web, beside the .ics download. Both
 * take the event in the address: title, start and end (an hour after the start when no end was
 * given), the location and a description that carries the online meeting's link and the event page.
 */

type CalendarEvent = {
  title: string;
  description: string;
  location: string;
  startsAt: string;
  endsAt: string | null;
  meetingUrl: string | null;
};

const HOUR = 3_600_000;

/** 20261123T170000Z, Google's form of a UTC time. */
const compact = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function details(e: CalendarEvent, pageUrl: string) {
  return [e.description, e.meetingUrl, pageUrl].filter(Boolean).join('\n\n');
}

function endOf(e: CalendarEvent) {
  return e.endsAt ? new Date(e.endsAt) : new Date(Date.parse(e.startsAt) + HOUR);
}

export function googleCalendarUrl(e: CalendarEvent, pageUrl: string): string {
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.title,
    dates: `${compact(new Date(e.startsAt))}/${compact(endOf(e))}`,
    details: details(e, pageUrl),
    location: e.meetingUrl ?? e.location,
  });
  return `https://calendar.google.com/calendar/render?${q.toString()}`;
}

export function outlookCalendarUrl(e: CalendarEvent, pageUrl: string): string {
  const q = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: e.title,
    startdt: new Date(e.startsAt).toISOString(),
    enddt: endOf(e).toISOString(),
    body: details(e, pageUrl),
    location: e.meetingUrl ?? e.location,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${q.toString()}`;
}
