import { clock } from '../clock';
/** An iCalendar (RFC 5545) file with one event, for the booking e-mails. Times in UTC. */
export interface IcsEvent {
  uid: string;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  location: string;
  organizerName: string;
  organizerEmail?: string;
  /** CONFIRMED, TENTATIVE or CANCELLED. */
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  sequence: number;
}

const utc = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Text values escape backslash, semicolon, comma and newlines. */
const text = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 character. */
function fold(line: string): string {
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

export function buildIcs(event: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Clinica//Citas//ES',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.status === 'CANCELLED' ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utc(clock.now())}`,
    `DTSTART:${utc(event.startsAt)}`,
    `DTEND:${utc(event.endsAt)}`,
    `SUMMARY:${text(event.summary)}`,
    `DESCRIPTION:${text(event.description)}`,
    `LOCATION:${text(event.location)}`,
    `STATUS:${event.status}`,
    event.organizerEmail ? `ORGANIZER;CN=${text(event.organizerName)}:mailto:${event.organizerEmail}` : undefined,
    'END:VEVENT',
    'END:VCALENDAR',
  ].filter((line): line is string => line !== undefined);
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
