import { describe, expect, it } from 'vitest';
import { isAppointmentDayReached, type AppointmentStatus } from '../../../../common/schemas/appointments';
import { statusActionsFor } from './status-actions';

/** A 19:00 appointment on Wednesday 4 March 2026 in Madrid, asked at 18:50 and at 19:30. */
const startsAt = '2026-03-04T18:00:00.000Z';
const zone = 'Europe/Madrid';
const before = { now: Date.parse('2026-03-04T17:50:00Z'), timeZone: zone };
const after = { now: Date.parse('2026-03-04T18:30:00Z'), timeZone: zone };
const dayBefore = { now: Date.parse('2026-03-03T18:30:00Z'), timeZone: zone };
const at = (status: AppointmentStatus) => ({ status, startsAt });

describe('status actions (the server’s shared rules)', () => {
  it('offers staff every change the rules allow once the appointment’s time has come', () => {
    expect(statusActionsFor(at('pendiente'), 'staff', after)).toEqual(['confirmada', 'cancelada']);
    expect(statusActionsFor(at('confirmada'), 'staff', after)).toEqual([
      'en_sala',
      'atendida',
      'no_asistio',
      'cancelada',
    ]);
    expect(statusActionsFor(at('atendida'), 'staff', after)).toEqual([]);
    expect(statusActionsFor(at('cancelada'), 'staff', after)).toEqual([]);
    expect(statusActionsFor(at('no_asistio'), 'staff', after)).toEqual([]);
  });

  it('never offers «No asistió» for a patient in the waiting room', () => {
    expect(statusActionsFor(at('en_sala'), 'staff', before)).toEqual(['atendida']);
    expect(statusActionsFor(at('en_sala'), 'staff', after)).toEqual(['atendida']);
    expect(statusActionsFor(at('en_sala'), 'doctor', after)).toEqual(['atendida']);
  });

  it('does not offer «No asistió» before the appointment’s time', () => {
    expect(statusActionsFor(at('confirmada'), 'staff', before)).toEqual(['en_sala', 'atendida', 'cancelada']);
    expect(statusActionsFor(at('confirmada'), 'doctor', before)).toEqual(['en_sala', 'atendida']);
  });

  it('lets a doctor record only arrival, attendance and no-shows', () => {
    expect(statusActionsFor(at('pendiente'), 'doctor', after)).toEqual([]);
    expect(statusActionsFor(at('confirmada'), 'doctor', after)).toEqual(['en_sala', 'atendida', 'no_asistio']);
  });

  it('offers arrival, attendance and no-show only from the appointment’s day on', () => {
    expect(statusActionsFor(at('confirmada'), 'staff', dayBefore)).toEqual(['cancelada']);
    expect(statusActionsFor(at('confirmada'), 'doctor', dayBefore)).toEqual([]);
    expect(statusActionsFor(at('pendiente'), 'staff', dayBefore)).toEqual(['confirmada', 'cancelada']);
  });

  it('counts the day in the clinic’s zone, not in UTC', () => {
    // Tuesday 3 March, 00:30 in Madrid is Monday 23:30 UTC.
    const late = '2026-03-02T23:30:00.000Z';
    expect(isAppointmentDayReached(late, Date.parse('2026-03-02T22:50:00Z'), 'Europe/Madrid')).toBe(false);
    expect(isAppointmentDayReached(late, Date.parse('2026-03-02T23:05:00Z'), 'Europe/Madrid')).toBe(true);
    expect(isAppointmentDayReached(late, Date.parse('2026-03-02T22:50:00Z'), 'UTC')).toBe(true);
  });
});
