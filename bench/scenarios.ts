/**
 * The reads `npm run bench` measures, each with the main SQL of its route (the repository call the route
 * makes, with the same arguments, through the same driver and pool) for the same-SQL ceiling.
 */
import { type Temporal } from 'temporal-polyfill';
import type { DoctorRecord } from '../src/server/scheduling/doctors/repository';
import { hashToken } from '../src/server/identity/auth/tokens';
import { startOfDay } from '../src/server/platform/dates';
import type { Repositories } from '../src/server/repositories';
import { MONTH_PER_DAY } from '../src/common/schemas/appointments';
import { SURNAMES } from '../src/server/seed/spanish-data';

export type Args = Record<string, string>;

export interface Target {
  /** Which latency the target is about, at 1 connection (one person waiting). */
  metric: 'p95' | 'p99';
  ms: number;
}

export interface ReadScenario {
  key: string;
  name: string;
  /** The arguments of request `i` of worker `w` (the same for the app and its ceiling). */
  args: (worker: number, i: number) => Args;
  path: (args: Args) => string;
  /**
   * The route's main SQL, as the route runs it, minus session, validation, access, audit and its other work. A
   * string is JSON the database built, sent as it is.
   */
  sql: (args: Args) => Promise<unknown>;
  target?: Target;
}

export interface ScenarioContext {
  repos: Repositories;
  sessionToken: string;
  doctors: DoctorRecord[];
  timeZone: string;
  today: Temporal.PlainDate;
  chart?: { patientId: string; prescriptionId: string };
  parts: string[];
}

const DAY_MS = 86_400_000;
const ALL = { kind: 'all' } as const;

/** Partial surnames as staff type them: 4–6 letters, with or without the accent. */
export function partialSurname(worker: number, i: number) {
  const surname = SURNAMES[(worker * 7919 + i * 104729) % SURNAMES.length]!;
  const prefix = surname.slice(0, 4 + ((worker + i) % 3));
  return (i % 2 ? prefix : prefix.normalize('NFD').replace(/[\u0300-\u036f]/g, '')).toLowerCase();
}

export function readScenarios(context: ScenarioContext): ReadScenario[] {
  const { repos, doctors, timeZone, today, parts } = context;
  const scenarios: ReadScenario[] = [];
  const query = (args: Args) => new URLSearchParams(args).toString();

  if (parts.includes('session')) {
    const sessionId = hashToken(context.sessionToken);
    scenarios.push({
      key: 'session',
      name: 'sesión: comprobar',
      args: () => ({}),
      path: () => '/api/auth/session',
      sql: () => repos.auth.findSessionWithUser(sessionId),
    });
  }

  if (parts.includes('availability') && doctors.length) {
    const bySpecialty = new Map<string, string[]>();
    for (const doctor of doctors)
      bySpecialty.set(doctor.specialtyId, [...(bySpecialty.get(doctor.specialtyId) ?? []), doctor.id]);
    const specialties = [...bySpecialty.keys()];
    const week = (i: number) => {
      const from = today.add({ days: 1 + (i % 4) * 7 });
      return { from: from.toString(), to: from.add({ days: 6 }).toString() };
    };
    // The service reads busy ranges from a day before the first wall-clock day to two after the last.
    const busy = (ids: string[], args: Args) =>
      repos.doctors.busyRanges(
        ids,
        new Date(Date.parse(`${args.from}T00:00:00Z`) - DAY_MS),
        new Date(Date.parse(`${args.to}T00:00:00Z`) + 2 * DAY_MS),
      );
    scenarios.push({
      key: 'availability-doctor',
      name: 'disponibilidad: un doctor, una semana',
      args: (w, i) => ({ doctorId: doctors[(w * 31 + i) % doctors.length]!.id, ...week(i) }),
      path: (args) => `/api/public/availability?${query(args)}`,
      sql: (args) => busy([args.doctorId!], args),
      target: { metric: 'p99', ms: 20 },
    });
    scenarios.push({
      key: 'availability-specialty',
      name: 'disponibilidad: especialidad, una semana',
      args: (w, i) => ({ specialtyId: specialties[(w + i) % specialties.length]!, ...week(i) }),
      path: (args) => `/api/public/availability?${query(args)}`,
      sql: (args) => busy(bySpecialty.get(args.specialtyId!)!, args),
      target: { metric: 'p99', ms: 20 },
    });
  }

  if (parts.includes('search')) {
    scenarios.push({
      key: 'search',
      name: 'pacientes: apellido parcial («garc»)',
      args: (w, i) => ({ q: partialSurname(w, i) }),
      path: (args) => `/api/patients?${query(args)}`,
      sql: (args) => repos.patients.search({ q: args.q, page: 1, pageSize: 20, sort: 'apellidos', order: 'asc' }, ALL),
      target: { metric: 'p95', ms: 30 },
    });
  }

  if (parts.includes('diary')) {
    const from = startOfDay(today.toString(), timeZone);
    const to = startOfDay(today.add({ days: 1 }).toString(), timeZone);
    scenarios.push({
      key: 'diary',
      name: 'agenda de hoy (todos los doctores)',
      target: { metric: 'p95', ms: 30 },
      args: () => ({}),
      path: () => '/api/appointments/today',
      // The route's main statement: the day's appointments as JSON per doctor, built by the database.
      sql: async () => {
        const { byDoctor } = await repos.appointmentLists.visibleTo(ALL).diary({ from, to });
        return `[${[...byDoctor.values()].join(',')}]`;
      },
    });
  }

  if (parts.includes('calendar')) {
    const monday = today.subtract({ days: today.dayOfWeek - 1 });
    const from = startOfDay(monday.toString(), timeZone);
    const to = startOfDay(monday.add({ days: 7 }).toString(), timeZone);
    scenarios.push({
      key: 'calendar',
      name: 'calendario: semana, todos los doctores',
      args: () => ({ from: from.toISOString(), to: to.toISOString() }),
      path: (args) => `/api/appointments/range?${query(args)}`,
      // The route's statement: the week as one JSON array, built by the database.
      sql: async () => (await repos.appointmentLists.visibleTo(ALL).calendar({ from, to })).json,
      target: { metric: 'p95', ms: 100 },
    });
    // The month view: its six weeks from the Monday on or before the 1st, three a day and each day's count.
    const first = today.with({ day: 1 });
    const monthFrom = startOfDay(first.subtract({ days: first.dayOfWeek - 1 }).toString(), timeZone);
    const monthTo = startOfDay(
      first
        .subtract({ days: first.dayOfWeek - 1 })
        .add({ days: 42 })
        .toString(),
      timeZone,
    );
    scenarios.push({
      key: 'month',
      name: 'calendario: mes (6 semanas), todos los doctores',
      args: () => ({ from: monthFrom.toISOString(), to: monthTo.toISOString() }),
      path: (args) => `/api/appointments/month?${query(args)}`,
      sql: async () =>
        (
          await repos.appointmentLists
            .visibleTo(ALL)
            .month({ from: monthFrom, to: monthTo }, { timeZone, doctorIds: [], perDay: MONTH_PER_DAY })
        ).json,
    });
  }

  if (parts.includes('chart') && context.chart) {
    const { patientId, prescriptionId } = context.chart;
    scenarios.push({
      key: 'chart',
      name: 'historia clínica: 1.ª página (500 citas)',
      args: () => ({}),
      path: () => `/api/patients/${patientId}/chart`,
      sql: () => repos.chart.page({ patientId, limit: 20, timeZone: 'Europe/Madrid', today: '2026-03-02' }, ALL),
      target: { metric: 'p95', ms: 50 },
    });
    scenarios.push({
      key: 'pdf',
      name: 'receta en PDF',
      args: () => ({}),
      path: () => `/api/prescriptions/${prescriptionId}/pdf`,
      sql: () => repos.prescriptions.visibleTo(ALL).findDocumentData(prescriptionId),
      target: { metric: 'p95', ms: 150 },
    });
  }

  if (parts.includes('inbox')) {
    scenarios.push({
      key: 'inbox',
      name: 'mensajes: bandeja de entrada',
      args: () => ({}),
      path: () => '/api/conversations',
      sql: () => repos.messages.inbox({}),
    });
  }
  return scenarios;
}
