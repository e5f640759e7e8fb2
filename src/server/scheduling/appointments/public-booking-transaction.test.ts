import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SLOT_TAKEN_MESSAGE } from '../../../common/schemas/appointments';
import { clock } from '../../platform/clock';
import { appointmentMinors, appointments, auditLog, mailOutbox, patients } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, createPatientRecord, nextWeekday, TEST_MONDAY_MORNING } from '../../test/fixtures';

/**
 * A public booking is one unit of work: the patient found or made, her privacy consent, the appointment,
 * the minor's details, the audit entries and the e-mail commit together, or nothing is left behind.
 */
let t: TestApp;
let admin: { cookie: string };
let doctor: { id: string };
let pediatra: { id: string };

const slotsOf = async (doctorId: string, day: string) =>
  (
    await t.request({ method: 'GET', url: `/api/public/availability?doctorId=${doctorId}&from=${day}&to=${day}` })
  ).json().doctors[0].slots as { startsAt: string }[];

const booking = (doctorId: string, startsAt: string, person: { firstName: string; email: string }) => ({
  doctorId,
  startsAt,
  firstName: person.firstName,
  lastName: 'Transacción Única',
  email: person.email,
  phone: '+34 600 123 456',
  reason: 'Revisión',
  acceptPrivacy: true,
});
const book = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/public/bookings', payload });

const lastAuditId = async () => {
  const [row] = await t.database.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` }).from(auditLog);
  return row!.id;
};
const auditSince = (id: number) =>
  t.database.db
    .select({
      action: auditLog.action,
      entity: auditLog.entity,
      details: auditLog.details,
      patientId: auditLog.patientId,
    })
    .from(auditLog)
    .where(gt(auditLog.id, id))
    .orderBy(auditLog.id);
const patientsWith = (email: string) => t.database.db.select().from(patients).where(eq(patients.email, email));
const mailTo = (email: string) =>
  t.database.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.toAddress, email));
const counts = async () => {
  const [row] = await t.database.db
    .select({
      appointments: sql<number>`(SELECT count(*) FROM ${appointments})::int`,
      minors: sql<number>`(SELECT count(*) FROM ${appointmentMinors})::int`,
      patients: sql<number>`(SELECT count(*) FROM ${patients})::int`,
      mails: sql<number>`(SELECT count(*) FROM ${mailOutbox})::int`,
    })
    .from(sql`(SELECT 1) AS one`);
  return row!;
};

beforeAll(async () => {
  clock.freeze(TEST_MONDAY_MORNING);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctor = await createDoctor(t, admin.cookie);
  const pediatrics = await t.request({
    method: 'POST',
    url: '/api/specialties',
    cookie: admin.cookie,
    payload: { name: 'Pediatría', forMinors: true },
  });
  pediatra = await createDoctor(t, admin.cookie, { specialtyId: pediatrics.json().id });
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('the public booking is one transaction', () => {
  it('a booking that commits writes the new patient with her consent, the appointment, both audit entries and the e-mail', async () => {
    const [slot] = await slotsOf(doctor.id, nextWeekday(2));
    const mark = await lastAuditId();
    const response = await book(booking(doctor.id, slot!.startsAt, { firstName: 'Nueva', email: 'nueva@uow.test' }));
    expect(response.statusCode).toBe(201);
    const [patient, ...more] = await patientsWith('nueva@uow.test');
    expect(more).toEqual([]);
    expect(patient!.privacyConsentAt).toEqual(clock.now());
    expect(patient!.privacyConsentChannel).toBe('web');
    expect(await auditSince(mark)).toEqual([
      { action: 'create', entity: 'patient', details: { via: 'booking' }, patientId: patient!.id },
      expect.objectContaining({ action: 'create', entity: 'appointment', patientId: patient!.id }),
    ]);
    expect(await mailTo('nueva@uow.test')).toEqual([{ kind: 'appointment-received' }]);
  });

  it('a record found without consent gets it, audited, in the same commit as the booking', async () => {
    const record = await createPatientRecord(t, {
      firstName: 'Sinconsentimiento',
      lastName: 'Transacción Única',
      email: 'sinconsentimiento@uow.test',
      phone: '',
    });
    const [slot] = await slotsOf(doctor.id, nextWeekday(3));
    const mark = await lastAuditId();
    const response = await book(
      booking(doctor.id, slot!.startsAt, { firstName: 'Sinconsentimiento', email: 'sinconsentimiento@uow.test' }),
    );
    expect(response.statusCode).toBe(201);
    const [after] = await patientsWith('sinconsentimiento@uow.test');
    expect(after!.id).toBe(record.id);
    expect(after!.privacyConsentAt).toEqual(clock.now());
    expect(await auditSince(mark)).toEqual([
      {
        action: 'update',
        entity: 'patient',
        details: { via: 'booking', fields: ['privacyConsent'] },
        patientId: record.id,
      },
      expect.objectContaining({ action: 'create', entity: 'appointment', patientId: record.id }),
    ]);
  });

  it('a slot lost between the check and the write leaves no patient, consent, audit entry, minor or e-mail', async () => {
    const day = nextWeekday(4);
    const [slot] = await slotsOf(doctor.id, day);
    const first = await book(booking(doctor.id, slot!.startsAt, { firstName: 'Primera', email: 'primera@uow.test' }));
    expect(first.statusCode).toBe(201);
    // A visitor whose record exists without consent, and one who is new, check the slot while it still looks
    // free (the other booking not yet visible to them) and reach the write after it committed.
    const known = await createPatientRecord(t, {
      firstName: 'Conocida',
      lastName: 'Transacción Única',
      email: 'conocida@uow.test',
      phone: '',
    });
    for (const person of [
      { firstName: 'Conocida', email: 'conocida@uow.test' },
      { firstName: 'Perdedora', email: 'perdedora@uow.test' },
    ]) {
      vi.spyOn(t.deps.repos.doctors, 'busyRanges').mockResolvedValueOnce([]);
      const before = await counts();
      const mark = await lastAuditId();
      const lost = await book(booking(doctor.id, slot!.startsAt, person));
      expect(lost.statusCode).toBe(409);
      expect(lost.json().error).toMatchObject({ code: 'SLOT_TAKEN', message: SLOT_TAKEN_MESSAGE });
      expect(await counts()).toEqual(before);
      expect(await auditSince(mark)).toEqual([]);
      expect(await mailTo(person.email)).toEqual([]);
    }
    expect(await patientsWith('perdedora@uow.test')).toEqual([]);
    const [stillKnown] = await patientsWith('conocida@uow.test');
    expect(stillKnown).toMatchObject({ id: known.id, privacyConsentAt: null });
    const booked = await t.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.doctorId, doctor.id), eq(appointments.startsAt, new Date(slot!.startsAt))));
    expect(booked).toHaveLength(1);
  });

  it('a booking refused for a holiday or for missing details writes nothing', async () => {
    const day = nextWeekday(5);
    const [slot] = await slotsOf(doctor.id, day);
    const [childSlot] = await slotsOf(pediatra.id, nextWeekday(8));
    const holiday = await t.request({
      method: 'POST',
      url: '/api/holidays',
      cookie: admin.cookie,
      payload: { startDate: day, endDate: day, name: 'Fiesta local', kind: 'local' },
    });
    expect(holiday.statusCode).toBe(201);
    const before = await counts();
    const mark = await lastAuditId();
    const closed = await book(booking(doctor.id, slot!.startsAt, { firstName: 'Festiva', email: 'festiva@uow.test' }));
    expect(closed.statusCode).toBe(422);
    expect(closed.json().error.code).toBe('HOLIDAY');
    // Pediatría without the child's details: refused before anything is written.
    const noChild = await book(
      booking(pediatra.id, childSlot!.startsAt, { firstName: 'Madre', email: 'madre@uow.test' }),
    );
    expect(noChild.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    expect(await auditSince(mark)).toEqual([]);
    expect(await patientsWith('festiva@uow.test')).toEqual([]);
    expect(await patientsWith('madre@uow.test')).toEqual([]);
  });

  it('reads the clinic settings once per booking', async () => {
    const [slot] = await slotsOf(doctor.id, nextWeekday(9));
    const settings = vi.spyOn(t.deps.repos.clinic, 'getSettings');
    const response = await book(booking(doctor.id, slot!.startsAt, { firstName: 'Una', email: 'una@uow.test' }));
    expect(response.statusCode).toBe(201);
    expect(settings).toHaveBeenCalledTimes(1);
  });
});
