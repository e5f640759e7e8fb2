import { describe, expect, it } from 'vitest';
import type { CalendarAppointment } from '../../../../common/schemas/appointments';
import { appointment } from '../test/fixtures';
import { hiddenGroupEvents, monthMoreEvents } from './calendar-events';
import { CROWDED, CROWDED_DAY, isCrowded, stackInLanes } from './calendar-groups';

const MADRID = 'Europe/Madrid';

/** `count` appointments of `minutes` from the instant, one per doctor, named «P<i>» in order. */
function at(startsAt: string, count: number, minutes = 15, prefix = 'a'): CalendarAppointment[] {
  const start = Date.parse(startsAt);
  return Array.from({ length: count }, (_, i) =>
    appointment({
      id: `${prefix}-${startsAt}-${i}`,
      doctorId: `d-${i}`,
      patientName: `P${String(i).padStart(2, '0')}`,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + minutes * 60_000).toISOString(),
    }),
  );
}

const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('a crowded calendar range', () => {
  it(`is one of over ${CROWDED} appointments, or over ${CROWDED_DAY} on one clinic day`, () => {
    // 20 a day on 50 days: 1 000 in all, none crowded; one more is.
    const spread = Array.from({ length: 50 }, (_, day) =>
      at(new Date(Date.UTC(2026, 0, 1 + day, 9)).toISOString(), 20, 15, `s${day}`),
    ).flat();
    expect(isCrowded(spread, MADRID)).toBe(false);
    expect(isCrowded([...spread, ...at('2026-03-01T09:00:00.000Z', 1, 15, 'x')], MADRID)).toBe(true);

    expect(isCrowded(at('2026-01-12T08:00:00.000Z', CROWDED_DAY), MADRID)).toBe(false);
    expect(isCrowded(at('2026-01-12T08:00:00.000Z', CROWDED_DAY + 1), MADRID)).toBe(true);
    // 23:30 UTC is already the next day in Madrid: 150 + 150 on two clinic days, not 300 on one.
    const evening = [...at('2026-01-12T08:00:00.000Z', 150, 15, 'm'), ...at('2026-01-12T23:30:00.000Z', 150, 15, 'n')];
    expect(isCrowded(evening, MADRID)).toBe(false);
  });
});

describe('grouping the day and week views', () => {
  it('keeps 4 side by side in the calendar order and puts the rest under the «+N» of their half hour', () => {
    const list = [...at('2026-01-12T08:15:00.000Z', 6), ...at('2026-01-12T08:00:00.000Z', 6)];
    const { shown, groups } = stackInLanes(list, MADRID);
    // 09:00 Madrid first (it starts earlier), then 09:15 in the lanes 09:00 left free; by patient's name.
    expect(shown.map((item) => `${item.startsAt.slice(11, 16)} ${item.patientName}`)).toEqual([
      '08:00 P00',
      '08:00 P01',
      '08:00 P02',
      '08:00 P03',
      '08:15 P00',
      '08:15 P01',
      '08:15 P02',
      '08:15 P03',
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      start: '2026-01-12T08:00:00.000Z',
      end: '2026-01-12T08:30:00.000Z',
      allDay: false,
    });
    expect(groups[0]!.appointments.map((item) => `${item.startsAt.slice(11, 16)} ${item.patientName}`)).toEqual([
      '08:00 P04',
      '08:00 P05',
      '08:15 P04',
      '08:15 P05',
    ]);
  });

  it('keeps a lane busy for the whole of a long appointment, and starts another «+N» each half hour', () => {
    const long = at('2026-01-12T08:00:00.000Z', 1, 60, 'long');
    const list = [...long, ...at('2026-01-12T08:00:00.000Z', 4), ...at('2026-01-12T08:30:00.000Z', 4)];
    const { shown, groups } = stackInLanes(list, MADRID);
    expect(shown).toHaveLength(7);
    expect(shown[0]!.id).toBe(long[0]!.id);
    expect(groups.map((group) => [group.start, group.appointments.length])).toEqual([
      ['2026-01-12T08:00:00.000Z', 1],
      ['2026-01-12T08:30:00.000Z', 1],
    ]);
    // Never more than 4 side by side: at each quarter hour, count the shown ones that cover it.
    for (const minute of [0, 15, 30, 45]) {
      const instant = Date.parse('2026-01-12T08:00:00.000Z') + minute * 60_000;
      const covering = shown.filter(
        (item) => Date.parse(item.startsAt) <= instant && Date.parse(item.endsAt) > instant,
      );
      expect(covering.length).toBeLessThanOrEqual(4);
    }
  });

  it('always draws the appointment just booked, even where 4 are already side by side', () => {
    const list = at('2026-01-12T08:00:00.000Z', 6);
    const pinned = list[5]!.id;
    expect(ids(stackInLanes(list, MADRID).shown)).not.toContain(pinned);
    const { shown, groups } = stackInLanes(list, MADRID, { pinnedId: pinned });
    expect(ids(shown)).toContain(pinned);
    expect(ids(groups[0]!.appointments)).toEqual([list[4]!.id]);
  });

  it('draws everything when 4 fit side by side', () => {
    const list = [...at('2026-01-12T08:00:00.000Z', 4), ...at('2026-01-12T08:15:00.000Z', 4)];
    expect(stackInLanes(list, MADRID)).toEqual({ shown: list, groups: [] });
  });
});

describe("the month view's «+N más»", () => {
  it("puts one on each day with more appointments than the answer carries, counted in the clinic's days", () => {
    // 23:30 UTC on the 12th is 00:30 on the 13th in Madrid: the answer carried 3 of the 12th's 5 and the 13th's 3.
    const carried = [...at('2026-01-12T08:00:00.000Z', 3, 15, 'mon'), ...at('2026-01-12T23:30:00.000Z', 3, 15, 'tue')];
    const days = [
      { date: '2026-01-12', count: 5 },
      { date: '2026-01-13', count: 3 },
    ];
    expect(monthMoreEvents(days, carried, MADRID)).toEqual([
      {
        id: 'mas-2026-01-12',
        title: '+2 más',
        start: '2026-01-12',
        end: '2026-01-13',
        allDay: true,
        editable: false,
        color: '#495057',
        contrastColor: '#ffffff',
        className: 'clinica-more-event',
        extendedProps: { more: true, day: '2026-01-12', hint: '2 citas más este día: se abre el día' },
      },
    ]);
  });

  it('on a phone says only «+N», its hover text how many more', () => {
    const days = [{ date: '2026-01-12', count: 40 }];
    const [more] = monthMoreEvents(days, at('2026-01-12T08:00:00.000Z', 3), MADRID, true);
    expect(more).toMatchObject({ title: '+37', extendedProps: { hint: '37 citas más este día: se abre el día' } });
  });

  it('turns a crowded half hour of the week into one box that is not dragged, after the appointments', () => {
    const week = stackInLanes(at('2026-01-12T08:00:00.000Z', 15), MADRID);
    const [slot] = hiddenGroupEvents(week.groups, MADRID);
    expect(slot).toMatchObject({
      title: '+11',
      start: '2026-01-12T08:00:00.000Z',
      end: '2026-01-12T08:30:00.000Z',
      allDay: false,
      extendedProps: { more: true, hint: '11 citas más que empiezan de 09:00 a 09:30' },
    });
  });
});
