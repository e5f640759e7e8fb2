import { describe, expect, it } from 'vitest';
import { isAppointmentDayReached } from '../../../../common/schemas/appointments';
import { statusActionsFor } from './status-actions';

const today = { dayReached: true };

describe('status actions', () => {
  it('offers staff every change the contract allows', () => {
    expect(statusActionsFor('pendiente', 'staff', today)).toEqual(['confirmada', 'cancelada']);
    expect(statusActionsFor('confirmada', 'staff', today)).toEqual(['en_sala', 'atendida', 'no_asistio', 'cancelada']);
    expect(statusActionsFor('en_sala', 'staff', today)).toEqual(['atendida', 'no_asistio']);
    expect(statusActionsFor('atendida', 'staff', today)).toEqual([]);
    expect(statusActionsFor('cancelada', 'staff', today)).toEqual([]);
    expect(statusActionsFor('no_asistio', 'staff', today)).toEqual([]);
  });

  it('lets a doctor record only arrival, attendance and no-shows', () => {
    expect(statusActionsFor('pendiente', 'doctor', today)).toEqual([]);
    expect(statusActionsFor('confirmada', 'doctor', today)).toEqual(['en_sala', 'atendida', 'no_asistio']);
    expect(statusActionsFor('en_sala', 'doctor', today)).toEqual(['atendida', 'no_asistio']);
  });

  it('offers arrival, attendance and no-show only from the appointment’s day on', () => {
    const before = { dayReached: false };
    expect(statusActionsFor('confirmada', 'staff', before)).toEqual(['cancelada']);
    expect(statusActionsFor('confirmada', 'doctor', before)).toEqual([]);
    expect(statusActionsFor('pendiente', 'staff', before)).toEqual(['confirmada', 'cancelada']);
  });

  it('counts the day in the clinic’s zone, not in UTC', () => {
    // Tuesday 3 March, 00:30 in Madrid is Monday 23:30 UTC.
    const startsAt = '2026-03-02T23:30:00.000Z';
    expect(isAppointmentDayReached(startsAt, Date.parse('2026-03-02T22:50:00Z'), 'Europe/Madrid')).toBe(false);
    expect(isAppointmentDayReached(startsAt, Date.parse('2026-03-02T23:05:00Z'), 'Europe/Madrid')).toBe(true);
    expect(isAppointmentDayReached(startsAt, Date.parse('2026-03-02T22:50:00Z'), 'UTC')).toBe(true);
  });
});
