const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * A date formatter for one locale and set of options. Making an Intl.DateTimeFormat (which is what
 * every toLocaleString call does) costs many times formatting with one, and a page that dates each
 * of its cards paid it for every card. This one is made on the first call, not when the module
 * loads, and kept. The text is the same as
 * toLocale(Date|Time)String's with the same locale and options when the options name what to show.
 */
export function dateFormatter(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): (value: string | number | Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (value) => (format ??= new Intl.DateTimeFormat(locale, options)).format(toDate(value));
}

const shortDate = dateFormatter('en-US', { month: 'short', day: 'numeric' });
const shortDateWithYear = dateFormatter('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTime = dateFormatter('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

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
  return isSameYear ? shortDate(date) : shortDateWithYear(date);
}

/**
 * Full date and time for a tooltip or a <time> title ("Mar 4, 2025, 3:05 PM"). The app calls it
 * once right after it starts, in a task of its own while the page's data is on its way: the first
 * date format a page makes loads the browser's locale data (tens of milliseconds on a phone; every
 * later one costs a fraction of a millisecond), and the page's first render should not pay for it.
 */
export function formatDateTime(value: string | number | Date): string {
  return dateTime(value);
}
