import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema';
import { buildTestApp, sessionCookieOf, TEST_PASSWORD, type TestApp } from '../../test/app';
import { withAuditEntries } from '../../test/audit';
import { createDoctor, nextWeekday, validPatient } from '../../test/fixtures';
import { hashPassword } from '../../identity/auth/passwords';

/** Every request of this file comes from this address, so the entries prove they record it. */
const IP = '203.0.113.7';

let t: TestApp;
let admin: { id: string; cookie: string };
let doctor: { id: string; email: string };
let doctorCookie: string;
let paciente: { id: string; cookie: string; patientId: string };

const call = (options: InjectOptions & { cookie?: string }) => withAuditEntries(t, { remoteAddress: IP, ...options });

const freeSlots = async (day: string): Promise<{ startsAt: string }[]> =>
  (
    await t.request({ method: 'GET', url: `/api/public/availability?doctorId=${doctor.id}&from=${day}&to=${day}` })
  ).json().doctors[0].slots;

const visitorBooking = (startsAt: string, email: string) => ({
  doctorId: doctor.id,
  startsAt,
  firstName: 'Elena',
  lastName: 'Ruiz Soto',
  email,
  phone: '+34 600 555 444',
  reason: 'Revisión',
  acceptPrivacy: true,
});

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctor = await createDoctor(t, admin.cookie);
  await t.write(async (tx) =>
    t.deps.repos.auth.updateAccount(doctor.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
  );
  doctorCookie = await t.signIn(doctor.email);
  const signUp = await t.request({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email: 'marta.audit@prueba.test', password: TEST_PASSWORD, displayName: 'Marta Vidal' },
  });
  const cookie = sessionCookieOf(signUp);
  const record = (await t.request({ method: 'GET', url: '/api/me/patient', cookie })).json();
  paciente = { id: signUp.json().user.id, cookie, patientId: record.id };
});
afterAll(() => t.close());

describe('patient area', () => {
  it('rescheduling and cancelling write who (the paciente), the patient, the address and where from', async () => {
    const day = nextWeekday(5);
    const slots = await freeSlots(day);
    const booked = await call({
      method: 'POST',
      url: '/api/me/appointments',
      cookie: paciente.cookie,
      payload: { doctorId: doctor.id, startsAt: slots[1]!.startsAt, reason: 'Control' },
    });
    expect(booked.response.statusCode).toBe(201);
    const id = booked.response.json().id;
    const who = { actorId: paciente.id, actorRole: 'paciente', patientId: paciente.patientId, ip: IP };
    expect(booked.entries).toEqual([
      expect.objectContaining({ ...who, action: 'create', entity: 'appointment', entityId: id }),
    ]);

    const moved = await call({
      method: 'POST',
      url: `/api/me/appointments/${id}/reschedule`,
      cookie: paciente.cookie,
      payload: { startsAt: slots[2]!.startsAt },
    });
    expect(moved.response.statusCode).toBe(200);
    expect(moved.entries).toEqual([
      expect.objectContaining({
        ...who,
        action: 'reschedule',
        entity: 'appointment',
        entityId: id,
        details: expect.objectContaining({ via: 'area' }),
      }),
    ]);

    const cancelled = await call({
      method: 'POST',
      url: `/api/me/appointments/${id}/cancel`,
      cookie: paciente.cookie,
      payload: { reason: 'Ya estoy bien' },
    });
    expect(cancelled.response.statusCode).toBe(200);
    expect(cancelled.entries).toEqual([
      expect.objectContaining({
        ...who,
        action: 'cancel',
        entity: 'appointment',
        entityId: id,
        details: { via: 'area', from: 'confirmada', to: 'cancelada' },
      }),
    ]);
    // The reason the patient wrote is not copied into the log.
    expect(JSON.stringify(cancelled.entries)).not.toContain('Ya estoy bien');

    const listed = await call({ method: 'GET', url: '/api/me/appointments', cookie: paciente.cookie });
    expect(listed.entries).toEqual([
      expect.objectContaining({ ...who, action: 'list', entity: 'appointment', details: { view: 'own', results: 1 } }),
    ]);
    const own = await call({ method: 'GET', url: '/api/me/patient', cookie: paciente.cookie });
    expect(own.entries).toEqual([
      expect.objectContaining({ ...who, action: 'read', entity: 'patient', entityId: paciente.patientId }),
    ]);
  });
});

describe('e-mail link', () => {
  it('reading, rescheduling and cancelling through the link write a visitor entry with the address', async () => {
    const day = nextWeekday(6);
    const slots = await freeSlots(day);
    const booked = await call({
      method: 'POST',
      url: '/api/public/bookings',
      payload: visitorBooking(slots[0]!.startsAt, 'enlace.audit@prueba.test'),
    });
    expect(booked.response.statusCode).toBe(201);
    const { appointment, manageUrl } = booked.response.json();
    const patientId = booked.entries[0]!.patientId;
    const visitor = { actorId: null, actorRole: 'visitor', patientId, ip: IP };
    // The record made for the visitor and the booking itself, both recorded.
    expect(booked.entries).toEqual([
      expect.objectContaining({ ...visitor, action: 'create', entity: 'patient', entityId: patientId }),
      expect.objectContaining({ ...visitor, action: 'create', entity: 'appointment', entityId: appointment.id }),
    ]);
    const token = manageUrl.split('/cita/')[1];

    const read = await call({ method: 'GET', url: `/api/public/bookings/${token}` });
    expect(read.response.statusCode).toBe(200);
    expect(read.entries).toEqual([
      expect.objectContaining({
        ...visitor,
        action: 'read',
        entity: 'appointment',
        entityId: appointment.id,
        details: { via: 'link' },
      }),
    ]);
    const forged = await call({ method: 'GET', url: `/api/public/bookings/${token.slice(0, -2)}xx` });
    expect(forged.response.statusCode).toBe(404);
    expect(forged.entries).toEqual([]);

    const moved = await call({
      method: 'POST',
      url: `/api/public/bookings/${token}/reschedule`,
      payload: { startsAt: slots[3]!.startsAt },
    });
    expect(moved.response.statusCode).toBe(200);
    expect(moved.entries).toEqual([
      expect.objectContaining({
        ...visitor,
        action: 'reschedule',
        entity: 'appointment',
        entityId: appointment.id,
        details: { via: 'link' },
      }),
    ]);

    const cancelled = await call({
      method: 'POST',
      url: `/api/public/bookings/${token}/cancel`,
      payload: { reason: 'No puedo' },
    });
    expect(cancelled.response.statusCode).toBe(200);
    expect(cancelled.entries).toEqual([
      expect.objectContaining({
        ...visitor,
        action: 'cancel',
        entity: 'appointment',
        entityId: appointment.id,
        details: { via: 'link', from: 'confirmada', to: 'cancelada' },
      }),
    ]);
    // A refused change (already cancelled) writes nothing.
    const again = await call({
      method: 'POST',
      url: `/api/public/bookings/${token}/cancel`,
      payload: { reason: 'Otra vez' },
    });
    expect(again.response.statusCode).toBe(409);
    expect(again.entries).toEqual([]);
  });
});

describe('dashboards', () => {
  it('each dashboard read is recorded with its reader, role and address', async () => {
    const adminPanel = await call({ method: 'GET', url: '/api/dashboard/admin', cookie: admin.cookie });
    expect(adminPanel.response.statusCode).toBe(200);
    expect(adminPanel.entries).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        actorRole: 'admin',
        action: 'read',
        entity: 'dashboard',
        entityId: 'admin',
        ip: IP,
      }),
    ]);
    const doctorPanel = await call({ method: 'GET', url: '/api/dashboard/doctor', cookie: doctorCookie });
    expect(doctorPanel.entries).toEqual([
      expect.objectContaining({
        actorId: doctor.id,
        actorRole: 'doctor',
        action: 'read',
        entity: 'dashboard',
        entityId: 'doctor',
        ip: IP,
      }),
    ]);
    const patientPanel = await call({ method: 'GET', url: '/api/dashboard/patient', cookie: paciente.cookie });
    expect(patientPanel.entries).toEqual([
      expect.objectContaining({
        actorId: paciente.id,
        actorRole: 'paciente',
        action: 'read',
        entity: 'dashboard',
        patientId: paciente.patientId,
        ip: IP,
      }),
    ]);
  });
});

describe('staff', () => {
  let patientId: string;
  beforeAll(async () => {
    patientId = (
      await t.request({
        method: 'POST',
        url: '/api/patients',
        cookie: admin.cookie,
        payload: validPatient({ documentNumber: '87654321X', email: 'auditada@prueba.test' }),
      })
    ).json().id;
  });
  const book = (startsAt: string) =>
    t.request({
      method: 'POST',
      url: '/api/appointments',
      cookie: admin.cookie,
      payload: { patientId, doctorId: doctor.id, startsAt, reason: 'Control', channel: 'telefono' },
    });

  it('reading, moving, changing status and cancelling write their entries', async () => {
    const day = nextWeekday(7);
    const id = (await book(`${day}T09:00:00.000Z`)).json().id;
    const who = { actorId: admin.id, actorRole: 'admin', patientId, entityId: id, entity: 'appointment', ip: IP };

    const read = await call({ method: 'GET', url: `/api/appointments/${id}`, cookie: admin.cookie });
    expect(read.entries).toEqual([expect.objectContaining({ ...who, action: 'read' })]);

    const moved = await call({
      method: 'PATCH',
      url: `/api/appointments/${id}`,
      cookie: admin.cookie,
      payload: { startsAt: `${day}T09:30:00.000Z` },
    });
    expect(moved.response.statusCode).toBe(200);
    expect(moved.entries).toEqual([
      expect.objectContaining({ ...who, action: 'reschedule', details: { fields: ['startsAt'] } }),
    ]);

    const reason = await call({
      method: 'PATCH',
      url: `/api/appointments/${id}`,
      cookie: admin.cookie,
      payload: { reason: 'Otra cosa' },
    });
    expect(reason.entries).toEqual([
      expect.objectContaining({ ...who, action: 'update', details: { fields: ['reason'] } }),
    ]);

    const doctorRead = await call({ method: 'GET', url: `/api/appointments/${id}`, cookie: doctorCookie });
    expect(doctorRead.entries).toEqual([
      expect.objectContaining({ ...who, actorId: doctor.id, actorRole: 'doctor', action: 'read' }),
    ]);

    const cancelled = await call({
      method: 'POST',
      url: `/api/appointments/${id}/status`,
      cookie: admin.cookie,
      payload: { status: 'cancelada', reason: 'Avisa por teléfono' },
    });
    expect(cancelled.response.statusCode).toBe(200);
    expect(cancelled.entries).toEqual([
      expect.objectContaining({ ...who, action: 'cancel', details: { from: 'confirmada', to: 'cancelada' } }),
    ]);

    // A refused change (a cancelled appointment is final) writes nothing.
    const refused = await call({
      method: 'POST',
      url: `/api/appointments/${id}/status`,
      cookie: admin.cookie,
      payload: { status: 'atendida' },
    });
    expect(refused.response.statusCode).toBe(409);
    expect(refused.entries).toEqual([]);
  });

  it('lists, the calendar range, today, the export and the doctor agenda are recorded', async () => {
    const day = nextWeekday(8);
    const range = `from=${day}T00:00:00.000Z&to=${day}T23:59:59.000Z`;
    const cases: [string, string, Record<string, unknown>][] = [
      [`/api/appointments?patientId=${patientId}`, admin.cookie, { actorRole: 'admin', action: 'list', patientId }],
      [
        `/api/appointments/export.csv?patientId=${patientId}`,
        admin.cookie,
        { actorRole: 'admin', action: 'export', patientId },
      ],
      [
        `/api/appointments/range?${range}`,
        admin.cookie,
        { actorRole: 'admin', action: 'list', details: expect.objectContaining({ view: 'calendar' }) },
      ],
      [
        '/api/appointments/today',
        admin.cookie,
        { actorRole: 'admin', action: 'list', details: expect.objectContaining({ view: 'diary' }) },
      ],
      [
        `/api/doctor/appointments?${range}`,
        doctorCookie,
        {
          actorId: doctor.id,
          actorRole: 'doctor',
          action: 'list',
          details: expect.objectContaining({ view: 'agenda' }),
        },
      ],
    ];
    for (const [url, cookie, expected] of cases) {
      const { response, entries } = await call({ method: 'GET', url, cookie });
      expect(response.statusCode, url).toBe(200);
      expect(entries, url).toEqual([expect.objectContaining({ entity: 'appointment', ip: IP, ...expected })]);
    }
  });

  it('patient records: list (also a doctor’s own list), read, create and update are recorded', async () => {
    const listed = await call({ method: 'GET', url: '/api/patients?q=perez', cookie: admin.cookie });
    expect(listed.entries).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'list',
        entity: 'patient',
        ip: IP,
        details: expect.objectContaining({ q: 'perez' }),
      }),
    ]);
    const doctorList = await call({ method: 'GET', url: '/api/patients', cookie: doctorCookie });
    expect(doctorList.entries).toEqual([
      expect.objectContaining({ actorId: doctor.id, actorRole: 'doctor', action: 'list', entity: 'patient' }),
    ]);

    const created = await call({
      method: 'POST',
      url: '/api/patients',
      cookie: admin.cookie,
      payload: validPatient({ documentNumber: '11111111H', firstName: 'Nuevo' }),
    });
    const newId = created.response.json().id;
    expect(created.entries).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'create',
        entity: 'patient',
        entityId: newId,
        patientId: newId,
        ip: IP,
      }),
    ]);

    const read = await call({ method: 'GET', url: `/api/patients/${newId}`, cookie: admin.cookie });
    expect(read.entries).toEqual([
      expect.objectContaining({ actorId: admin.id, action: 'read', entity: 'patient', patientId: newId }),
    ]);

    const updated = await call({
      method: 'PATCH',
      url: `/api/patients/${newId}`,
      cookie: admin.cookie,
      payload: { allergies: 'Látex' },
    });
    expect(updated.entries).toEqual([
      expect.objectContaining({
        action: 'update',
        entity: 'patient',
        patientId: newId,
        details: { fields: ['allergies'] },
      }),
    ]);
    // Field names only: never the clinical contents.
    expect(JSON.stringify(updated.entries)).not.toContain('Látex');

    const duplicate = await call({
      method: 'POST',
      url: '/api/patients',
      cookie: admin.cookie,
      payload: validPatient({ documentNumber: '11111111H' }),
    });
    expect(duplicate.response.statusCode).toBe(409);
    expect(duplicate.entries).toEqual([]);
  });
});

describe('a change commits with its entry; a read is answered only after it', () => {
  /** Makes the database refuse audit entries of this action, as a full disk or a bug would. */
  async function refuseAuditEntries(action: string, run: () => Promise<void>) {
    await t.database.db.execute(
      sql.raw(`CREATE FUNCTION refuse_audit_for_test() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.action = '${action}' THEN RAISE EXCEPTION 'audit entry refused'; END IF; RETURN NEW; END; $$`),
    );
    await t.database.db.execute(
      sql.raw(
        'CREATE TRIGGER refuse_audit_for_test BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit_for_test()',
      ),
    );
    try {
      await run();
    } finally {
      await t.database.db.execute(sql.raw('DROP TRIGGER refuse_audit_for_test ON audit_log'));
      await t.database.db.execute(sql.raw('DROP FUNCTION refuse_audit_for_test()'));
    }
  }

  it('a cancellation whose entry cannot be written is undone', async () => {
    const patientId = (
      await t.request({
        method: 'POST',
        url: '/api/patients',
        cookie: admin.cookie,
        payload: validPatient({ documentNumber: '22222222J', email: 'cancelada@prueba.test' }),
      })
    ).json().id;
    const day = nextWeekday(9);
    const id = (
      await t.request({
        method: 'POST',
        url: '/api/appointments',
        cookie: admin.cookie,
        payload: { patientId, doctorId: doctor.id, startsAt: `${day}T09:00:00.000Z`, reason: '', channel: 'telefono' },
      })
    ).json().id;
    await refuseAuditEntries('cancel', async () => {
      const failed = await call({
        method: 'POST',
        url: `/api/appointments/${id}/status`,
        cookie: admin.cookie,
        payload: { status: 'cancelada', reason: 'Prueba' },
      });
      expect(failed.response.statusCode).toBe(500);
      expect(failed.entries).toEqual([]);
    });
    const detail = (await t.request({ method: 'GET', url: `/api/appointments/${id}`, cookie: admin.cookie })).json();
    expect(detail.status).toBe('confirmada');
    expect(detail.history.map((event: { action: string }) => event.action)).toEqual(['created']);

    // With the log writable again, the same request changes the appointment and records it.
    const done = await call({
      method: 'POST',
      url: `/api/appointments/${id}/status`,
      cookie: admin.cookie,
      payload: { status: 'cancelada', reason: 'Prueba' },
    });
    expect(done.response.json().status).toBe('cancelada');
    expect(done.entries).toEqual([expect.objectContaining({ action: 'cancel', entityId: id })]);
  });

  it('an edit of a patient record whose entry cannot be written is undone', async () => {
    const patientId = (
      await t.request({
        method: 'POST',
        url: '/api/patients',
        cookie: admin.cookie,
        payload: validPatient({ documentNumber: '33333333P' }),
      })
    ).json().id;
    await refuseAuditEntries('update', async () => {
      const failed = await call({
        method: 'PATCH',
        url: `/api/patients/${patientId}`,
        cookie: admin.cookie,
        payload: { allergies: 'Ninguna' },
      });
      expect(failed.response.statusCode).toBe(500);
    });
    const record = (await t.request({ method: 'GET', url: `/api/patients/${patientId}`, cookie: admin.cookie })).json();
    expect(record.allergies).toBe('Penicilina');
  });

  it('a move by the link whose entry cannot be written leaves the booking where it was', async () => {
    const day = nextWeekday(10);
    const slots = await freeSlots(day);
    const { appointment, manageUrl } = (
      await t.request({
        method: 'POST',
        url: '/api/public/bookings',
        payload: visitorBooking(slots[0]!.startsAt, 'mover.audit@prueba.test'),
      })
    ).json();
    const token = manageUrl.split('/cita/')[1];
    await refuseAuditEntries('reschedule', async () => {
      const failed = await t.request({
        method: 'POST',
        url: `/api/public/bookings/${token}/reschedule`,
        payload: { startsAt: slots[2]!.startsAt },
      });
      expect(failed.statusCode).toBe(500);
    });
    const seen = (await t.request({ method: 'GET', url: `/api/public/bookings/${token}` })).json();
    expect(seen).toMatchObject({ id: appointment.id, startsAt: slots[0]!.startsAt });
  });

  it('a read whose entry cannot be written is not answered: no record leaves without its entry', async () => {
    const patientId = (
      await t.request({
        method: 'POST',
        url: '/api/patients',
        cookie: admin.cookie,
        payload: validPatient({ documentNumber: '44444444A' }),
      })
    ).json().id;
    await refuseAuditEntries('read', async () => {
      const failed = await call({ method: 'GET', url: `/api/patients/${patientId}`, cookie: admin.cookie });
      expect(failed.response.statusCode).toBe(500);
      expect(failed.response.body).not.toContain('Penicilina');
      expect(failed.entries).toEqual([]);
    });
    const read = await call({ method: 'GET', url: `/api/patients/${patientId}`, cookie: admin.cookie });
    expect(read.response.json().allergies).toBe('Penicilina');
    expect(read.entries).toEqual([
      expect.objectContaining({ action: 'read', entity: 'patient', entityId: patientId, actorId: admin.id, ip: IP }),
    ]);
  });

  it('the log is append-only: updates, deletes and truncation are refused', async () => {
    await expect(t.database.db.execute(sql`UPDATE audit_log SET ip = '0.0.0.0'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    const [row] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.ip, IP));
    expect(row!.count).toBeGreaterThan(0);
  });
});
