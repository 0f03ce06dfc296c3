import { EVENT_MSG } from '@common/events/model';

/*
 * One event as an iCalendar file (RFC 5545) for 'Add to calendar'. Text values are escaped
 * (backslash, semicolon, comma, line breaks: RFC 5545, 3.3.11) and every content line is folded at 75
 * octets with CRLF and a space (RFC 5545, 3.1), never inside a UTF-8 character. Times are UTC.
 */

/** A TEXT value escaped per RFC 5545 3.3.11; other control characters are dropped. */
export function icsText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // Other control characters (C0 but tab, and DEL) are not allowed in a TEXT value.
      .split('')
      .filter((ch) => {
        const code = ch.charCodeAt(0);
        return code === 9 || (code >= 32 && code !== 127);
      })
      .join('')
  );
}

/** A content line folded at 75 octets (continuations start with a space, counted in their 75). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const bytes = encoder.encode(ch).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 20261123T170000Z */
export function icsTime(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export type IcsEvent = {
  id: string;
  title: string;
  description: string;
  location: string;
  startsAt: Date;
  /** Null: the file says no end (calendars then show the start only). */
  endsAt?: Date | null;
  /** The online meeting's link, if any: in the description and as the event's conference (RFC 7986). */
  meetingUrl?: string | null;
  url: string;
  cancelled: boolean;
  updatedAt: Date;
};

export function eventIcs(e: IcsEvent, now = new Date()): string {
  const description = [e.description, e.meetingUrl ? `${EVENT_MSG.fieldMeetingUrl}: ${e.meetingUrl}` : '']
    .filter(Boolean)
    .join('\n\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Cofound//Events//EN',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:${e.id}@cofound`,
    `DTSTAMP:${icsTime(now)}`,
    `LAST-MODIFIED:${icsTime(e.updatedAt)}`,
    `DTSTART:${icsTime(e.startsAt)}`,
    ...(e.endsAt ? [`DTEND:${icsTime(e.endsAt)}`] : []),
    `SUMMARY:${icsText(e.title)}`,
    ...(description ? [`DESCRIPTION:${icsText(description)}`] : []),
    `LOCATION:${icsText(e.location)}`,
    `URL:${e.url}`,
    ...(e.meetingUrl ? [`CONFERENCE;VALUE=URI;FEATURE=VIDEO:${e.meetingUrl}`] : []),
    `STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
