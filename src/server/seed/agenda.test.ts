import { describe, expect, it } from 'vitest';
import { freeSlots } from '../scheduling/availability/slots';
import { planAgenda, type AgendaDoctor } from './agenda';

const TIME_ZONE = 'Europe/Madrid';
/** Mornings on weekdays, a night shift past midnight on Saturdays, away for three days. */
const doctor: AgendaDoctor = {
  id: 'doctora',
  specialty: 'Medicina de familia',
  appointmentMinutes: 20,
  schedule: [
    ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 13 * 60 })),
    { weekday: 6, startMinute: 23 * 60, endMinute: 25 * 60 },
  ],
  absences: [{ id: 'ausencia', startDate: '2028-10-18', endDate: '2028-10-20', reason: 'Congreso' }],
};

/** Every working slot booked (fill 1): the agenda's times are the doctor's slots. */
const bookedTimes = (fromDay: string, toDay: string) =>
  [
    ...planAgenda({
      doctors: [doctor],
      patients: [{ id: 'paciente' }],
      timeZone: TIME_ZONE,
      fromDay,
      toDay,
      nowMs: Date.parse('2028-10-25T10:00:00Z'),
      fill: () => 1,
    }),
  ].map((row) => [row.startsAt.toISOString(), row.endsAt.toISOString()]);

const slotTimes = (fromDate: string, toDate: string) =>
  freeSlots({
    timeZone: TIME_ZONE,
    fromDate,
    toDate,
    durationMinutes: doctor.appointmentMinutes,
    schedule: doctor.schedule,
    absences: doctor.absences,
    busy: [],
    earliest: new Date(0),
    latest: new Date(8_640_000_000_000),
  }).map((slot) => [slot.startsAt.toISOString(), slot.endsAt.toISOString()]);

describe('the agenda of the demo and the benchmark', () => {
  it('books on the doctor’s slots of the whole span, across a clock change and an absence, made once a day and kept', () => {
    // 29 October 2028: the clocks go back at 03:00 in Madrid, inside the Saturday night's shift.
    const first = bookedTimes('2028-10-10', '2028-11-05');
    expect(first).toEqual(slotTimes('2028-10-10', '2028-11-05'));
    expect(first).toContainEqual(['2028-10-28T21:00:00.000Z', '2028-10-28T21:20:00.000Z']);
    expect(first.some(([startsAt]) => startsAt!.startsWith('2028-10-19'))).toBe(false);
    // The next agendas read the days kept from the first, and one more each.
    expect(bookedTimes('2028-10-10', '2028-11-05')).toEqual(first);
    expect(bookedTimes('2028-10-11', '2028-11-06')).toEqual(slotTimes('2028-10-11', '2028-11-06'));
  });
});
