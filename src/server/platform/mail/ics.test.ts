import { describe, expect, it } from 'vitest';
import { cell } from '../csv';
import { buildCalendar } from './ics';

const event = (summary: string) => ({
  uid: 'cita-1@clinica',
  startsAt: new Date('2026-03-03T09:00:00Z'),
  endsAt: new Date('2026-03-03T09:30:00Z'),
  summary,
  description: 'Primera línea\rsegunda',
  location: 'Consulta 1',
  status: 'CONFIRMED' as const,
  sequence: 0,
});

describe('iCalendar text values', () => {
  it('escape a lone CR, a lone LF and CRLF alike: no value starts a line of its own', () => {
    const body = buildCalendar({
      name: 'Agenda',
      timeZone: 'Europe/Madrid',
      events: [event('Solo\rATTENDEE:mailto:x@y.z\nDos\r\nTres')],
    });
    expect(body).toContain('SUMMARY:Solo\\nATTENDEE:mailto:x@y.z\\nDos\\nTres\r\n');
    expect(body).toContain('DESCRIPTION:Primera línea\\nsegunda\r\n');
    // Every CR in the document is part of a CRLF line ending.
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });
});

describe('CSV cells', () => {
  it('quote a comma too, so a spreadsheet that splits on commas keeps `Ana,=1+1` in one cell and reads no formula', () => {
    expect(cell('Ana,=1+1')).toBe('"Ana,=1+1"');
    expect(cell('=1+1')).toBe("'=1+1");
    expect(cell('Ana; Luis')).toBe('"Ana; Luis"');
    expect(cell('Ana López')).toBe('Ana López');
  });
});
