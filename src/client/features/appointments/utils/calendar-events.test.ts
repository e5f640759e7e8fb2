import { describe, expect, it } from 'vitest';
import { appointment } from '../test/fixtures';
import { absenceEvents, businessHoursOf, toCalendarEvents } from './calendar-events';

const list = [
  appointment({ id: 'a-1', doctorId: 'd-1', status: 'confirmada', patientName: 'Ana García' }),
  appointment({ id: 'a-2', doctorId: 'd-2', status: 'pendiente', patientName: 'Bruno Díaz' }),
  appointment({ id: 'a-3', doctorId: 'd-1', status: 'cancelada' }),
  appointment({ id: 'a-4', doctorId: 'd-2', status: 'atendida', patientName: 'Carla Ruiz' }),
  appointment({ id: 'a-5', doctorId: 'd-1', status: 'en_sala' }),
];

describe('appointments as calendar events', () => {
  it('maps each appointment to an event at its instants, coloured by doctor, named by patient and status', () => {
    const colors = new Map([['d-1', { color: '#1c7ed6' }]]);
    const [first] = toCalendarEvents([list[0]!], [], new Set(), undefined, colors);
    expect(first).toEqual({
      id: 'a-1',
      title: 'Ana García · Confirmada',
      start: '2026-03-23T08:30:00.000Z',
      end: '2026-03-23T09:00:00.000Z',
      color: '#1c7ed6',
      // White on this blue is 4.2:1, black 5.0:1.
      contrastColor: '#000000',
      editable: true,
      className: 'clinica-event clinica-event--confirmada',
      extendedProps: { status: 'confirmada', doctorId: 'd-1' },
    });
  });

  it("writes each event in black or white, whichever reads 4.5:1 on the doctor's colour", () => {
    const colours = ['#1864ab', '#fab005', '#e8590c', '#82c91e', '#12b886', '#212529'];
    const events = toCalendarEvents(
      colours.map((_, i) => appointment({ id: `c-${i}`, doctorId: `d-${i}`, status: 'confirmada' })),
      [],
      new Set(),
      undefined,
      new Map(colours.map((colour, i) => [`d-${i}`, { color: colour }])),
    );
    expect(events.map((event) => event.contrastColor)).toEqual([
      '#ffffff',
      '#000000',
      '#000000',
      '#000000',
      '#000000',
      '#ffffff',
    ]);
  });

  it('draws a doctor the screen does not know yet in grey, with white text', () => {
    const [event] = toCalendarEvents([list[0]!], [], new Set(), undefined, new Map([['d-2', { color: '#e8590c' }]]));
    expect(event).toMatchObject({ color: '#868e96', contrastColor: '#000000' });
  });

  it('leaves cancelled appointments out', () => {
    expect(toCalendarEvents(list).map((event) => event.id)).toEqual(['a-1', 'a-2', 'a-4', 'a-5']);
  });

  it('shows only the chosen doctors, or all when none is chosen', () => {
    expect(toCalendarEvents(list, ['d-2']).map((event) => event.id)).toEqual(['a-2', 'a-4']);
    expect(toCalendarEvents(list, ['d-1', 'd-2']).map((event) => event.id)).toEqual(['a-1', 'a-2', 'a-4', 'a-5']);
    expect(toCalendarEvents(list, [])).toHaveLength(4);
  });

  it('lets only pending and confirmed appointments be dragged', () => {
    const editable = Object.fromEntries(toCalendarEvents(list).map((event) => [event.id, event.editable]));
    expect(editable).toEqual({ 'a-1': true, 'a-2': true, 'a-4': false, 'a-5': false });
  });
});

describe("a doctor's hours and absences in the calendar", () => {
  it('turns weekly intervals into business hours, Sunday being day 0', () => {
    const hours = businessHoursOf({
      schedule: [
        { weekday: 1, start: '09:00', end: '14:00' },
        { weekday: 1, start: '16:00', end: '19:00' },
        { weekday: 7, start: '10:00', end: '12:00' },
      ],
    });
    expect(hours).toEqual([
      { daysOfWeek: [1], startTime: '09:00', endTime: '14:00' },
      { daysOfWeek: [1], startTime: '16:00', endTime: '19:00' },
      { daysOfWeek: [0], startTime: '10:00', endTime: '12:00' },
    ]);
  });

  it('shades absences over whole clinic days, the last one included', () => {
    const [event] = absenceEvents({
      absences: [{ id: 'x', startDate: '2026-03-30', endDate: '2026-04-03', reason: 'Vacaciones' }],
    });
    expect(event).toMatchObject({
      title: 'Ausencia: Vacaciones',
      start: '2026-03-30T00:00:00',
      end: '2026-04-04T00:00:00',
      display: 'background',
    });
  });

  it('outlines the appointment just booked and names it so, and only that one', () => {
    const events = toCalendarEvents(list, [], new Set(), 'a-2');
    const booked = events.find((event) => event.id === 'a-2')!;
    expect(booked.className).toBe('clinica-event clinica-event--pendiente clinica-event--just-booked');
    expect(booked.title).toBe('Bruno Díaz · Pendiente · Recién reservada');
    expect(events.filter((event) => String(event.className).includes('just-booked'))).toHaveLength(1);
  });
});
