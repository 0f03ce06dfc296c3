const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/*
 * toLocaleString() with options builds a new Intl.DateTimeFormat on every call, a millisecond or
 * more each on a phone: a feed page of cards spent most of its first render there. One formatter
 * per format, made on first use, formats the same text.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function format(date: Date, options: Intl.DateTimeFormatOptions): string {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', options);
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

/**
 * 'Just now', then minutes, hours, days under 7, then a date
 * ("5m ago", "3h ago", "2d ago", "Mar 4" or "Mar 4, 2024" in another year).
 */
export function formatRelativeTime(value: string | number | Date, now: number = Date.now()): string {
  const date = toDate(value);
  const elapsed = Math.max(0, now - date.getTime());
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  const isSameYear = date.getFullYear() === new Date(now).getFullYear();
  return format(date, {
    month: 'short',
    day: 'numeric',
    ...(isSameYear ? {} : { year: 'numeric' }),
  });
}

/** Full date and time for a tooltip or a <time> title ("Mar 4, 2025, 3:05 PM"). */
export function formatDateTime(value: string | number | Date): string {
  return format(toDate(value), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/**
 * The label of a chat time separator: the time today, the weekday and time this week, else the
 * date and time ("3:05 PM", "Tue 3:05 PM", "Mar 4, 3:05 PM").
 */
export function formatChatSeparator(value: string | number | Date, now: number = Date.now()): string {
  const date = toDate(value);
  const time = format(date, { hour: 'numeric', minute: '2-digit' });
  const today = new Date(now);
  if (date.toDateString() === today.toDateString()) return time;
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();
  if (date.getTime() > startOfToday - 6 * DAY) {
    return `${format(date, { weekday: 'short' })} ${time}`;
  }
  const isSameYear = date.getFullYear() === today.getFullYear();
  const day = format(date, {
    month: 'short',
    day: 'numeric',
    ...(isSameYear ? {} : { year: 'numeric' }),
  });
  return `${day}, ${time}`;
}
