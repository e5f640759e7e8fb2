import { clock } from '../clock';
/** An iCalendar (RFC 5545) event, for the booking e-mails and the calendar feeds. Times in UTC. */
export interface IcsEvent {
  uid: string;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  location: string;
  organizerName?: string;
  organizerEmail?: string;
  /** CONFIRMED, TENTATIVE or CANCELLED. */
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  sequence: number;
  /** When the event last changed (feeds: lets a calendar app see what is new). */
  lastModified?: Date;
}

const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Text values escape backslash, semicolon, comma and every line break (CRLF, a lone CR or LF: RFC 5545 §3.3.11). */
const text = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** Lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 character. */
export function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const length = Buffer.byteLength(char, 'utf8');
    if (size + length > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(event: IcsEvent, stamp: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${stamp}`,
    event.lastModified ? `LAST-MODIFIED:${utc(event.lastModified)}` : undefined,
    `DTSTART:${utc(event.startsAt)}`,
    `DTEND:${utc(event.endsAt)}`,
    `SUMMARY:${text(event.summary)}`,
    `DESCRIPTION:${text(event.description)}`,
    `LOCATION:${text(event.location)}`,
    `STATUS:${event.status}`,
    event.organizerEmail ? `ORGANIZER;CN=${text(event.organizerName ?? '')}:mailto:${event.organizerEmail}` : undefined,
    'END:VEVENT',
  ].filter((line): line is string => line !== undefined);
}

const serialize = (lines: string[]) => `${lines.map(fold).join('\r\n')}\r\n`;

export function buildIcs(event: IcsEvent): string {
  return serialize([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Clinica//Citas//ES',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.status === 'CANCELLED' ? 'CANCEL' : 'PUBLISH'}`,
    ...eventLines(event, utc(clock.now())),
    'END:VCALENDAR',
  ]);
}

/**
 * A subscribable calendar (a feed) with many events: named, and asking calendar apps to refresh it
 * every 15 minutes (Google Calendar decides on its own; Outlook and Apple Calendar follow the hint).
 */
export function buildCalendar(calendar: { name: string; timeZone: string; events: IcsEvent[] }): string {
  const stamp = utc(clock.now());
  return serialize([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Clinica//Agenda//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(calendar.name)}`,
    `X-WR-TIMEZONE:${calendar.timeZone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT15M',
    'X-PUBLISHED-TTL:PT15M',
    ...calendar.events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ]);
}
