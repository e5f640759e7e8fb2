import { describe, expect, it } from 'vitest';
import { guessMapping } from './headers';
import { doctorFinder, parseAppointmentDate, parseDuration, parseTime } from './appointment-rows';

describe('reading a file of future appointments', () => {
  it('guesses the headers of the agenda of a previous program', () => {
    expect(
      guessMapping(
        ['Fecha', 'Hora', 'Duración', 'Profesional', 'DNI paciente', 'Nº Historia', 'Motivo', 'Paciente'],
        'appointments',
      ),
    ).toEqual(['date', 'time', 'duration', 'doctor', 'patientDocument', 'patientCode', 'reason', null]);
  });

  it('reads times as people and spreadsheets write them', () => {
    expect(parseTime('9:30')).toEqual({ minutes: 570 });
    expect(parseTime('09.30')).toEqual({ minutes: 570 });
    expect(parseTime('9h30')).toEqual({ minutes: 570 });
    expect(parseTime('17:05:00')).toEqual({ minutes: 1025 });
    expect(parseTime('0.3958333333333333')).toEqual({ minutes: 570 });
    expect(parseTime('25:00')).toEqual({ error: 'La hora «25:00» no es una hora válida (hh:mm)' });
  });

  it('reads dates dd/mm/aaaa, with the time in the same cell or not', () => {
    expect(parseAppointmentDate('03/12/2026')).toEqual({ date: '2026-12-03', minutes: null });
    expect(parseAppointmentDate('3/12/26 10:15')).toEqual({ date: '2026-12-03', minutes: 615 });
    expect(parseAppointmentDate('2026-12-03T10:15:00')).toEqual({ date: '2026-12-03', minutes: 615 });
    expect(parseAppointmentDate('31/11/2026')).toEqual({ error: 'La fecha «31/11/2026» no existe' });
    expect(parseDuration('45 min')).toEqual({ minutes: 45 });
    expect(parseDuration('1:30')).toEqual({ minutes: 90 });
    expect(parseDuration('0')).toEqual({ error: 'La duración «0» no es un número de minutos entre 5 y 720' });
  });

  it('finds the doctor by her name, titles, accents and case aside, and says when a name is two doctors', () => {
    const find = doctorFinder([
      { id: 'a', displayName: 'Dra. Ana Martínez Ruiz', appointmentMinutes: 30 },
      { id: 'b', displayName: 'Dr. Luis Martínez Gil', appointmentMinutes: 20 },
    ]);
    expect(find('DRA ANA MARTINEZ RUIZ')).toMatchObject({ doctor: { id: 'a' } });
    expect(find('Luis Martínez')).toMatchObject({ doctor: { id: 'b' } });
    expect(find('Martínez')).toEqual({
      error: '«Martínez» puede ser Dra. Ana Martínez Ruiz o Dr. Luis Martínez Gil: escribe el nombre completo',
    });
    expect(find('Dr. Pérez')).toEqual({ error: 'No hay ningún profesional activo llamado «Dr. Pérez»' });
  });
});
