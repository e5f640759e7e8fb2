import { sql } from 'drizzle-orm';
import { clock } from '../platform/clock';
import { appointments } from '../platform/db/schema';
import { transact } from '../platform/db/transaction';
import type { PatientInsert } from '../identity/patients/repository';
import type { TestApp } from './app';

let sequence = 0;

/** A specialty and a doctor (with an account and a Monday–Friday 09:00–14:00 schedule), made by an admin. */
export async function createDoctor(
  t: TestApp,
  adminCookie: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; email: string; specialtyId: string }> {
  sequence++;
  let specialtyId = overrides.specialtyId as string | undefined;
  if (!specialtyId) {
    const specialty = await t.request({
      method: 'POST',
      url: '/api/specialties',
      cookie: adminCookie,
      payload: { name: `Especialidad ${sequence}` },
    });
    specialtyId = specialty.json().id as string;
  }
  const email = `doctor${sequence}-${Date.now()}@prueba.test`;
  const response = await t.request({
    method: 'POST',
    url: '/api/doctors',
    cookie: adminCookie,
    payload: {
      email,
      // Zero-padded: doctors are listed by name, and a worker's files share this counter (99 sorts after 100).
      displayName: `Dra. Prueba ${String(sequence).padStart(4, '0')}`,
      phone: '',
      specialtyId,
      licenseNumber: `28${String(100000 + sequence)}`,
      bio: '',
      photoUrl: '',
      color: '#1c7ed6',
      appointmentMinutes: 30,
      active: true,
      schedule: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '14:00' })),
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`doctor not created: ${response.body}`);
  return { id: response.json().id, email, specialtyId };
}

export const validPatient = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Lucía',
  lastName: 'Pérez García',
  documentType: 'dni',
  documentNumber: '12345678Z',
  birthDate: '1985-04-12',
  sex: 'mujer',
  phone: '+34 600 111 222',
  email: '',
  address: 'Calle Mayor 1, Madrid',
  policyNumber: 'POL-1',
  allergies: 'Penicilina',
  medicalHistory: '',
  notes: '',
  privacyConsent: true,
  privacyConsentChannel: 'presencial',
  ...overrides,
});

/**
 * An «Infiltración» of 30 minutes at 90 €, exempt, bookable online, made by the admin through the API (every
 * doctor of the specialty performs it unless `overrides.doctorIds` names them); answers its id.
 */
export async function createService(
  t: TestApp,
  adminCookie: string,
  overrides: { specialtyId: string } & Record<string, unknown>,
): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/services',
    cookie: adminCookie,
    payload: {
      name: 'Infiltración',
      doctorIds: [],
      durationMinutes: 30,
      priceCents: 9000,
      vat: 'exenta',
      bookableOnline: true,
      active: true,
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`createService: ${response.statusCode} ${response.body}`);
  return response.json().id as string;
}

/** An appointment written straight to the database (the booking API has its own tests). */
export async function insertAppointment(
  t: TestApp,
  input: { patientId: string; doctorId: string; startsAt: Date; minutes?: number; status?: 'confirmada' | 'cancelada' },
) {
  const [row] = await t.database.db
    .insert(appointments)
    .values({
      patientId: input.patientId,
      doctorId: input.doctorId,
      startsAt: input.startsAt,
      endsAt: new Date(input.startsAt.getTime() + (input.minutes ?? 30) * 60_000),
      channel: 'telefono',
      status: input.status ?? 'confirmada',
    })
    .returning();
  return row!;
}

/**
 * `count` back-to-back appointments of one doctor from `from` on, written by one `INSERT … SELECT
 * generate_series` (thousands in a blink, for tests of large exports and lists).
 */
export async function insertAppointmentSeries(
  t: TestApp,
  input: { patientId: string; doctorId: string; from: Date; count: number; minutes?: number },
): Promise<void> {
  const step = `${input.minutes ?? 30} minutes`;
  await t.database.db.execute(sql`
    INSERT INTO ${appointments} (patient_id, doctor_id, starts_at, ends_at, reason, channel, status)
    SELECT ${input.patientId}::uuid, ${input.doctorId}::uuid,
           ${input.from.toISOString()}::timestamptz + n * ${step}::interval,
           ${input.from.toISOString()}::timestamptz + (n + 1) * ${step}::interval,
           'Cita de la serie nº ' || n, 'telefono', 'confirmada'
      FROM generate_series(0, ${input.count - 1}) AS n`);
}

/**
 * A Monday morning in Madrid, in a month with no daylight-saving change: files whose paths depend on the
 * day or hour (today's diary, slots, notice) start the clock here (`clock.startAt(TEST_MONDAY_MORNING)`),
 * so they take the same path whenever they run.
 */
export const TEST_MONDAY_MORNING = '2026-03-02T09:00:00+01:00';

/** A date (`YYYY-MM-DD`) at least `days` from the clock's today that falls on a weekday. */
export function nextWeekday(days: number) {
  const date = new Date(clock.nowMs() + days * 86_400_000);
  while ([0, 6].includes(date.getUTCDay())) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** A patient record written straight through the repository, in a transaction of its own. */
export function createPatientRecord(t: TestApp, input: PatientInsert) {
  return transact(t.database.db, (tx) => t.deps.repos.patients.create(input, tx));
}
