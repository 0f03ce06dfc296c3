const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

const MONTHS = 'January,February,March,April,May,June,July,August,September,October,November,December'.split(
  ',',
);
const WEEKDAYS = 'Sunday,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday'.split(',');
/** en-US's short names of the zones that have one (Intl's "EST", "PDT", "AKST"), by their full names' first word. */
const US_ZONES: Record<string, string> = {
  Eastern: 'E',
  Central: 'C',
  Mountain: 'M',
  Pacific: 'P',
  Alaska: 'AK',
  'Hawaii-Aleutian': 'H',
  Atlantic: 'A',
};

/**
 * The viewer's zone at that moment as en-US's `timeZoneName: 'short'` says it ("UTC", "GMT", "EST",
 * "GMT+1", "GMT+5:30"), from the full name Date#toString gives (no Intl).
 */
export function shortZoneName(date: Date): string {
  const long = /\(([^)]+)\)$/.exec(date.toString())?.[1] ?? '';
  if (long === 'Coordinated Universal Time') return 'UTC';
  const us = /^(\S+) (S|D)\w+ Time$/.exec(long);
  if (us?.[1] && US_ZONES[us[1]]) return `${US_ZONES[us[1]]}${us[2]}T`;
  const offset = -date.getTimezoneOffset();
  const abs = Math.abs(offset);
  return `GMT${offset ? (offset < 0 ? '-' : '+') + Math.floor(abs / 60) : ''}${abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : ''}`;
}

type Options = Intl.DateTimeFormatOptions;

/**
 * Whether the hand-made format below writes these options as en-US's Intl.DateTimeFormat does: a
 * short or long month with a day and/or a year (a weekday only with a day), an hour with 2-digit
 * minutes and perhaps the zone's short name, or both (with a short month and weekday: a long one
 * reads "… at 3:05 PM"); in the viewer's zone or UTC.
 */
function isHandMade(locale: string | undefined, o: Options): boolean {
  const { weekday, month, day, year, hour, minute, timeZoneName, timeZone, ...rest } = o;
  const size = (v: unknown) => v === 'short' || v === 'long';
  return (
    locale === 'en-US' &&
    Object.values(rest).every((v) => v === undefined) &&
    (!weekday || (size(weekday) && !!day)) &&
    (month ? size(month) && (!!day || !!year) : !day && !year && !!hour) &&
    (!day || day === 'numeric') &&
    (!year || year === 'numeric') &&
    (hour
      ? hour === 'numeric' && minute === '2-digit' && (!month || (month === 'short' && weekday !== 'long'))
      : !minute && !timeZoneName) &&
    (!timeZoneName || timeZoneName === 'short') &&
    (!timeZone || timeZone === 'UTC')
  );
}

/**
 * en-US's text for the options isHandMade accepts, as Intl.DateTimeFormat writes it ("Tue, Mar 4,
 * 2025, 3:05 PM EST", "March 2025"), without Intl: the first Intl format a page makes loads the
 * browser's locale data, one task of tens of milliseconds on a phone.
 */
function handMade(o: Options): (date: Date) => string {
  const utc = o.timeZone === 'UTC';
  return (date) => {
    const get = (local: () => number, inUtc: () => number) => (utc ? inUtc : local).call(date);
    const p = Date.prototype;
    const parts: string[] = [];
    if (o.month) {
      const month = MONTHS[get(p.getMonth, p.getUTCMonth)] ?? '';
      const weekday = WEEKDAYS[get(p.getDay, p.getUTCDay)] ?? '';
      const year = get(p.getFullYear, p.getUTCFullYear);
      let text = o.month === 'long' ? month : month.slice(0, 3);
      if (o.day) text += ` ${get(p.getDate, p.getUTCDate)}${o.year ? ',' : ''}`;
      if (o.year) text += ` ${year}`;
      if (o.weekday) text = `${o.weekday === 'long' ? weekday : weekday.slice(0, 3)}, ${text}`;
      parts.push(text);
    }
    if (o.hour) {
      const hours = get(p.getHours, p.getUTCHours);
      const time = `${hours % 12 || 12}:${String(get(p.getMinutes, p.getUTCMinutes)).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
      parts.push(o.timeZoneName ? `${time} ${utc ? 'UTC' : shortZoneName(date)}` : time);
    }
    return parts.join(', ');
  };
}

let madeWithIntl = false;

/**
 * A date formatter for one locale and set of options. Making an Intl.DateTimeFormat (which is what
 * every toLocaleString call does) costs many times formatting with one, and a page that dates each
 * of its cards paid it for every card; the first one made in a page costs most (the locale's data).
 * en-US's usual formats are written by hand (the same text, no Intl at all: a page that dates only
 * with them never loads the locale's data); any other is an Intl.DateTimeFormat made on the first
 * call, not when the module loads, and kept. The text is the same as toLocale(Date|Time)String's
 * with the same locale and options when the options name what to show.
 */
export function dateFormatter(
  locale: string | undefined,
  options: Options,
): (value: string | number | Date) => string {
  if (isHandMade(locale, options)) {
    const format = handMade(options);
    return (value) => format(toDate(value));
  }
  madeWithIntl = true;
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

/** Full date and time for a tooltip or a <time> title ("Mar 4, 2025, 3:05 PM"). */
export function formatDateTime(value: string | number | Date): string {
  return dateTime(value);
}

/**
 * Loads the browser's locale data for dates when a module already loaded formats with Intl (a
 * format dateFormatter does not write by hand): the app calls it right after it starts, in a task
 * of its own while the page's data is on its way, so that the page's first render does not pay for
 * it (tens of milliseconds on a phone; every later format costs a fraction of a millisecond). A page
 * whose modules date only by hand (the feed, a profile) never pays for it.
 */
export function loadLocaleDataIfUsed(): void {
  if (madeWithIntl) new Intl.DateTimeFormat('en-US', { hour: 'numeric' }).format(0);
}
