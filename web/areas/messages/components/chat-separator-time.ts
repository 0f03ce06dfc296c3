// Apart from web/lib/format-time.ts, which every page's first view loads: only a chat needs it.
const DAY = 24 * 60 * 60_000;

/**
 * The label of a chat time separator: the time today, the weekday and time this week, else the
 * date and time ("3:05 PM", "Tue 3:05 PM", "Mar 4, 3:05 PM").
 */
export function formatChatSeparator(value: string | number | Date, now: number = Date.now()): string {
  const date = value instanceof Date ? value : new Date(value);
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  const today = new Date(now);
  if (date.toDateString() === today.toDateString()) return time;
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();
  if (date.getTime() > startOfToday - 6 * DAY) {
    return `${date.toLocaleDateString('en-US', { weekday: 'short' })} ${time}`;
  }
  const isSameYear = date.getFullYear() === today.getFullYear();
  const day = date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(isSameYear ? {} : { year: 'numeric' }),
  });
  return `${day}, ${time}`;
}
