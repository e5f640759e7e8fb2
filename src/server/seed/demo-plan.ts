import { Temporal } from 'temporal-polyfill';
import { spanishNationalHolidays } from '../../common/schemas/holidays';
import type { AppointmentMinor } from '../../common/schemas/minors';
import {
  ageOn,
  book,
  dayInZone,
  isFree,
  planAgenda,
  type AgendaDoctor,
  type AgendaRow,
  type PatientDiary,
} from './agenda';
import { earliestOf, minus, plus, toInstant } from '../platform/dates';
import { DEMO_DOCTORS, DEMO_REASONS, CHILDREN, FROM_14, PEDIATRICS } from './demo-doctors';
import { DEMO_SERVICES } from './services';
import { dniFor, fakePatient, FEMALE_NAMES, MALE_NAMES, random, type FakePatient } from './spanish-data';

const DAY = 86_400_000;
export const DEMO_PATIENT_COUNT = 200;
/** The demo paciente's key in the plan (the others are `p0`…`p199`). */
export const DEMO_PATIENT_KEY = 'paciente';
export const DEMO_PATIENT_BIRTH_DATE = '1982-06-14';
export const DEMO_DOCTOR_EMAIL = 'doctora@clinica.demo';
const SESSION_MINUTES = 20;

export interface DemoPatient extends FakePatient {
  key: string;
  createdAt: Date;
}

/** One planned appointment; `patientId` is a patient's key and `doctorId` a doctor's e-mail until loaded. */
export interface DemoVisit extends AgendaRow {
  specialty: string;
  /** The catalogue's service (by name, within the specialty), or none yet. */
  service: string | null;
  /** Pediatrics: the child and the guardian who brings her. */
  minor: AppointmentMinor | null;
  /** A session of the demo paciente's finished or active treatment. */
  session: 'finalizado' | 'activo' | null;
  /** The infiltration consent asked for it, signed by the patient or still to sign. */
  consent: 'firmado' | 'pendiente' | null;
}

export interface DemoPlan {
  nowMs: number;
  timeZone: string;
  today: string;
  holidays: { date: string; name: string }[];
  doctors: (AgendaDoctor & { email: string })[];
  patients: DemoPatient[];
  visits: DemoVisit[];
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The doctors as the agenda sees them, keyed by e-mail, with their absence (days from now, as the seed adds it). */
export function demoDoctors(nowMs: number) {
  return DEMO_DOCTORS.map((doctor) => {
    const start = plus(nowMs, { days: doctor.absence.inDays });
    const end = plus(start, { days: doctor.absence.days - 1 });
    return {
      id: doctor.email,
      email: doctor.email,
      specialty: doctor.specialty,
      appointmentMinutes: doctor.minutes,
      schedule: doctor.schedule,
      absences: [{ id: '', startDate: isoDay(start), endDate: isoDay(end), reason: doctor.absence.reason }],
    };
  });
}

/** The 200 made-up patients, registered over the last two years (a few of them this month). */
const FAKE_PATIENTS = Array.from({ length: DEMO_PATIENT_COUNT }, (_, i) => fakePatient(i));
export function demoPatients(nowMs: number): DemoPatient[] {
  return FAKE_PATIENTS.map((patient, i) => ({
    ...patient,
    key: `p${i}`,
    createdAt: minus(nowMs, { days: (i * 7919) % 730 }),
  }));
}

/** A child's mother or father, who books and brings her (the same one every time). */
export function guardianOf(patient: { key: string; firstName: string; lastName: string; birthDate: string }) {
  const rng = random(Number(patient.key.slice(1)) * 31 + 7);
  const mother = rng.next() < 0.6;
  const first = rng.pick(mother ? FEMALE_NAMES : MALE_NAMES);
  return {
    childFirstName: patient.firstName,
    childLastName: patient.lastName,
    childBirthDate: patient.birthDate,
    guardianName: `${first} ${patient.lastName}`,
    guardianRelationship: mother ? ('madre' as const) : ('padre' as const),
    guardianDocument: dniFor(30_000_000 + rng.int(0, 9_999_999)),
  };
}

/**
 * The demo paciente's treatment sessions at 14:20, between the demo doctor's two shifts: three of the finished
 * treatment six to four weeks back, three of the active one the last three weeks, two ahead. Each in its own week,
 * on a Monday–Thursday the clinic is open (the weekday of the latest Monday–Thursday, or the nearest open one).
 */
function treatmentSessions(today: Temporal.PlainDate, timeZone: string, closed: Set<string>) {
  let base = today;
  while (base.dayOfWeek > 4) base = base.subtract({ days: 1 });
  const dayOf = (weeks: number) => {
    const planned = base.add({ weeks });
    for (const shift of [0, -1, 1, -2, 2, -3, 3]) {
      const day = planned.add({ days: shift });
      if (day.weekOfYear === planned.weekOfYear && day.dayOfWeek <= 4 && !closed.has(day.toString())) return day;
    }
    return null;
  };
  const plan: [number, 'finalizado' | 'activo'][] = [
    [-6, 'finalizado'],
    [-5, 'finalizado'],
    [-4, 'finalizado'],
    [-3, 'activo'],
    [-2, 'activo'],
    [-1, 'activo'],
    [1, 'activo'],
    [2, 'activo'],
  ];
  return plan.flatMap(([weeks, treatment]) => {
    const day = dayOf(weeks);
    if (!day) return [];
    const startsAt = toInstant(
      day.toPlainDateTime({ hour: 14, minute: 20 }).toZonedDateTime(timeZone).epochMilliseconds,
    );
    return [{ startsAt, treatment, past: weeks < 0 }];
  });
}

/**
 * Everything of the demo that depends on the moment it is made: its patients, agenda, treatment sessions, the
 * services of the visits, the children's guardians and the consents asked. A pure function of `nowMs`, so a test
 * checks its rules at every hour of a year without a database.
 */
export function planDemo(nowMs: number, timeZone = 'Europe/Madrid'): DemoPlan {
  const today = Temporal.Instant.fromEpochMilliseconds(nowMs).toZonedDateTimeISO(timeZone).toPlainDate();
  // Spain's national holidays of last year, this one and the next (regional and local ones vary: the clinic adds
  // them in /admin/configuracion).
  const holidays = [today.year - 1, today.year, today.year + 1].flatMap((year) => spanishNationalHolidays(year));
  const closed = new Set(holidays.map((holiday) => holiday.date));
  const doctors = demoDoctors(nowMs);
  const patients = demoPatients(nowMs);
  const diary: PatientDiary = new Map();
  const specialtyOf = new Map(doctors.map((doctor) => [doctor.id, doctor.specialty]));

  const visits: DemoVisit[] = [];
  const add = (row: AgendaRow, extra: Partial<DemoVisit> = {}) =>
    visits.push({
      specialty: specialtyOf.get(row.doctorId)!,
      service: null,
      minor: null,
      session: null,
      consent: null,
      ...row,
      ...extra,
    });
  for (const session of treatmentSessions(today, timeZone, closed)) {
    const endsAt = plus(session.startsAt, { minutes: SESSION_MINUTES });
    book(diary, DEMO_PATIENT_KEY, session.startsAt.getTime(), endsAt.getTime());
    add(
      {
        patientId: DEMO_PATIENT_KEY,
        doctorId: DEMO_DOCTOR_EMAIL,
        startsAt: session.startsAt,
        endsAt,
        reason: 'Sesión de tratamiento',
        channel: 'presencial',
        status: session.past ? 'atendida' : 'confirmada',
        createdAt: earliestOf(nowMs, minus(session.startsAt, { days: 7 })),
      },
      { session: session.treatment },
    );
  }

  // Three months of appointments: six weeks back, six weeks ahead, busier near today.
  const agenda = planAgenda({
    doctors,
    patients: [
      ...patients.map((patient) => ({
        id: patient.key,
        birthDate: patient.birthDate,
        registeredAtMs: patient.createdAt.getTime(),
      })),
      { id: DEMO_PATIENT_KEY, birthDate: DEMO_PATIENT_BIRTH_DATE, registeredAtMs: nowMs - 730 * DAY },
    ],
    timeZone,
    fromDay: today.subtract({ days: 45 }).toString(),
    toDay: today.add({ days: 45 }).toString(),
    nowMs,
    fill: (days) => (days <= 0 ? 0.7 : days <= 7 ? 0.55 : days <= 21 ? 0.3 : 0.12),
    closed: holidays.map((holiday) => ({ startDate: holiday.date, endDate: holiday.date })),
    agesOf: (doctor) => (doctor.specialty === PEDIATRICS ? CHILDREN : FROM_14),
    reasonsOf: (doctor) => DEMO_REASONS[doctor.specialty] ?? [''],
    diary,
  });
  for (const row of agenda) add(row);
  visits.sort(
    (a, b) =>
      a.startsAt.getTime() - b.startsAt.getTime() || (a.doctorId < b.doctorId ? -1 : a.doctorId > b.doctorId ? 1 : 0),
  );

  const byKey = new Map(patients.map((patient) => [patient.key, patient]));
  for (const visit of visits) {
    const patient = byKey.get(visit.patientId);
    if (visit.specialty === PEDIATRICS && patient) visit.minor = guardianOf(patient);
  }
  const plan: DemoPlan = { nowMs, timeZone, today: today.toString(), holidays, doctors, patients, visits };
  moveToDemoPatient(plan, diary);
  assignDemoServices(plan);
  return plan;
}

/**
 * The demo paciente's own visits besides his sessions: the demo doctor's visit before her latest one (it carries
 * the summary shared with him), and an infiltration with the traumatologist, one done (its consent signed) and the
 * next one (its consent to sign). Each is the first such visit at a time he is free.
 */
function moveToDemoPatient(plan: DemoPlan, diary: PatientDiary) {
  const take = (visit: DemoVisit | undefined) => {
    if (!visit) return;
    const from = diary.get(visit.patientId) ?? [];
    for (let i = 0; i < from.length; i += 2) if (from[i] === visit.startsAt.getTime()) from.splice(i, 2);
    visit.patientId = DEMO_PATIENT_KEY;
    book(diary, DEMO_PATIENT_KEY, visit.startsAt.getTime(), visit.endsAt.getTime());
  };
  const free = (visit: DemoVisit) =>
    visit.patientId === DEMO_PATIENT_KEY ||
    isFree(diary, DEMO_PATIENT_KEY, visit.startsAt.getTime(), visit.endsAt.getTime());
  const hers = plan.visits
    .filter((visit) => visit.doctorId === DEMO_DOCTOR_EMAIL && visit.status === 'atendida')
    .sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime());
  take(hers.slice(1).find(free));

  const infiltration = (visit: DemoVisit) => {
    take(visit);
    visit.reason = 'Dolor de rodilla';
    visit.service = 'Infiltración';
  };
  const navarro = plan.visits.filter((visit) => visit.doctorId === 'dra.navarro@clinica.demo');
  const done = navarro.filter((visit) => visit.status === 'atendida' && visit.endsAt.getTime() < plan.nowMs);
  const past = done.reverse().find(free);
  if (past) infiltration(past);
  const next = navarro.find(
    (visit) => visit.status === 'confirmada' && visit.startsAt.getTime() > plan.nowMs + DAY && free(visit),
  );
  if (next) infiltration(next);
  if (past) past.consent = 'firmado';
  if (next) next.consent = 'pendiente';

  // Today's first two visits of adults to the traumatologists ask for it too: one signed at the desk's tablet, one
  // pending (its QR code can be shown).
  const todays = plan.visits.filter(
    (visit) =>
      visit.specialty === 'Traumatología' &&
      visit.status !== 'cancelada' &&
      visit.patientId !== DEMO_PATIENT_KEY &&
      dayInZone(visit.startsAt.getTime(), plan.timeZone) === plan.today &&
      ageOn(FAKE_PATIENTS[Number(visit.patientId.slice(1))]!.birthDate, plan.today) >= 18,
  );
  const [first, second] = todays;
  if (first) Object.assign(first, { reason: 'Dolor de rodilla', service: 'Infiltración', consent: 'firmado' });
  if (second) Object.assign(second, { reason: 'Dolor de rodilla', service: 'Infiltración', consent: 'pendiente' });
}

export const PEELING = 'Peeling químico (estético)';
/** The latest attended visits the demo leaves to invoice (seedInvoices invoices the ones before them). */
export const LEFT_TO_INVOICE = 10;

const serviceOf = (specialty: string, visit: 'primera' | 'revision') =>
  DEMO_SERVICES.find((service) => service.specialty === specialty && service.visit === visit)!.name;

/**
 * The service of each visit that is not cancelled, as the desk would have booked it: «Primera visita» for the first
 * visit to a specialty of a patient who registered within the agenda's weeks (the others came before), a review
 * after it (a digital dermoscopy for moles), and one aesthetic peeling: the latest adult's dermatology visit among
 * those the demo invoices.
 */
export function assignDemoServices(plan: DemoPlan) {
  const firstDay = plan.visits[0]?.startsAt.getTime() ?? plan.nowMs;
  const newcomers = new Set(
    plan.patients.filter((patient) => patient.createdAt.getTime() >= firstDay).map((patient) => patient.key),
  );
  const seen = new Set<string>();
  for (const visit of plan.visits) {
    if (visit.status === 'cancelada' || visit.service) {
      if (visit.service) seen.add(`${visit.patientId} ${visit.specialty}`);
      continue;
    }
    const key = `${visit.patientId} ${visit.specialty}`;
    const first = newcomers.has(visit.patientId) && !seen.has(key);
    seen.add(key);
    if (first) visit.service = serviceOf(visit.specialty, 'primera');
    else if (visit.reason === 'Revisión de lunares') visit.service = 'Dermatoscopia digital';
    else visit.service = serviceOf(visit.specialty, 'revision');
  }
  const birthDates = new Map(plan.patients.map((patient) => [patient.key, patient.birthDate]));
  const attended = plan.visits
    .filter((visit) => visit.status === 'atendida' && visit.patientId !== DEMO_PATIENT_KEY)
    .reverse();
  const peeling = attended
    .slice(LEFT_TO_INVOICE + 1)
    .find(
      (visit: DemoVisit) =>
        visit.specialty === 'Dermatología' &&
        visit.service === 'Revisión' &&
        ageOn(birthDates.get(visit.patientId)!, visit.startsAt.toISOString().slice(0, 10)) >= 18,
    );
  if (peeling) peeling.service = PEELING;
}
