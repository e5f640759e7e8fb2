import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { appointments, patients } from '../../platform/db/schema';
import { withAuditEntries } from '../../test/audit';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, insertAppointment, createPatientRecord } from '../../test/fixtures';
import { hashPassword } from '../../identity/auth/passwords';
import { NOTE_NOT_SIGNED, NOTE_SIGNED } from './use-cases';

const NOW = '2030-03-06T12:00:00+01:00';
const IP = '203.0.113.9';

let t: TestApp;
let admin: { id: string; cookie: string };
let doctorA: { id: string; cookie: string };
let doctorB: { id: string; cookie: string };
let paciente: { id: string; cookie: string; recordId: string };
let otherPaciente: { id: string; cookie: string; recordId: string };

async function doctor(displayName: string) {
  const created = await createDoctor(t, admin.cookie, { displayName });
  await t.write(async (tx) =>
    t.deps.repos.auth.updateAccount(created.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
  );
  return { id: created.id, cookie: await t.signIn(created.email) };
}

async function pacienteWithRecord(email: string, firstName: string) {
  const user = await t.createUser({ role: 'paciente', email, displayName: `${firstName} Prueba` });
  let record = await t.deps.repos.patients.findByAccount(user.id);
  if (!record) {
    record = await createPatientRecord(t, { firstName, lastName: 'Prueba', email, phone: '' });
    await t.database.db.update(patients).set({ accountId: user.id }).where(eq(patients.id, record.id));
  }
  return { id: user.id, cookie: user.cookie, recordId: record.id };
}

/** An appointment of `doctorId` with the patient, `daysAgo` days before NOW, in the given status. */
async function visit(
  doctorId: string,
  patientId: string,
  daysAgo: number,
  status: 'atendida' | 'confirmada' | 'cancelada' = 'atendida',
) {
  const startsAt = new Date(new Date(NOW).getTime() - daysAgo * 86_400_000);
  const row = await insertAppointment(t, { patientId, doctorId, startsAt });
  await t.database.db.update(appointments).set({ status }).where(eq(appointments.id, row.id));
  return row.id;
}

const call = (options: InjectOptions & { cookie?: string }) => withAuditEntries(t, { remoteAddress: IP, ...options });
const note = (id: string) => `/api/appointments/${id}/note`;
const draft = {
  reason: 'Dolor lumbar',
  examination: 'Contractura paravertebral',
  diagnosis: 'Lumbalgia mecánica',
  diagnosisCode: 'M54.5',
  plan: 'Calor local y ejercicios',
};

beforeAll(async () => {
  clock.freeze(NOW);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctorA = await doctor('Dra. Ana Nota');
  doctorB = await doctor('Dr. Beto Otro');
  paciente = await pacienteWithRecord('paula.nota@prueba.test', 'Paula');
  otherPaciente = await pacienteWithRecord('olga.otra@prueba.test', 'Olga');
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('the consultation note', () => {
  it('the appointment’s doctor saves a draft (created, then updated), each change audited in its transaction', async () => {
    const id = await visit(doctorA.id, paciente.recordId, 1);
    const created = await call({
      method: 'PUT',
      url: note(id),
      cookie: doctorA.cookie,
      payload: { ...draft, plan: '' },
    });
    expect(created.response.statusCode, created.response.body).toBe(200);
    const body = created.response.json();
    expect(body).toMatchObject({
      appointmentId: id,
      patientId: paciente.recordId,
      reason: 'Dolor lumbar',
      plan: '',
      signedAt: null,
      doctorName: 'Dra. Ana Nota',
    });
    const who = {
      actorId: doctorA.id,
      actorRole: 'doctor',
      patientId: paciente.recordId,
      ip: IP,
      entity: 'clinical_note',
      entityId: body.id,
    };
    expect(created.entries).toEqual([expect.objectContaining({ ...who, action: 'create' })]);

    const updated = await call({ method: 'PUT', url: note(id), cookie: doctorA.cookie, payload: draft });
    expect(updated.response.json()).toMatchObject({ id: body.id, plan: 'Calor local y ejercicios' });
    expect(updated.entries).toEqual([expect.objectContaining({ ...who, action: 'update' })]);
    // The entry names the fields, never their contents.
    expect(JSON.stringify(updated.entries[0]!.details)).not.toContain('Lumbalgia');

    const read = await call({ method: 'GET', url: note(id), cookie: doctorA.cookie });
    expect(read.response.json().note).toMatchObject({ id: body.id, diagnosis: 'Lumbalgia mecánica' });
    expect(read.entries).toEqual([expect.objectContaining({ ...who, action: 'read' })]);
  });

  it('an appointment without a note answers null to its doctor', async () => {
    const id = await visit(doctorA.id, paciente.recordId, 2);
    const read = await t.request({ method: 'GET', url: note(id), cookie: doctorA.cookie });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ note: null });
  });

  it('signing needs the reason and the diagnosis; a signed note refuses edits (409, Spanish) and takes addenda', async () => {
    const id = await visit(doctorA.id, paciente.recordId, 3);
    await t.request({ method: 'PUT', url: note(id), cookie: doctorA.cookie, payload: { ...draft, diagnosis: '  ' } });
    const incomplete = await t.request({ method: 'POST', url: `${note(id)}/sign`, cookie: doctorA.cookie });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error.fields).toEqual({ diagnosis: 'Escribe el diagnóstico antes de firmar' });

    const early = await t.request({
      method: 'POST',
      url: `${note(id)}/addenda`,
      cookie: doctorA.cookie,
      payload: { text: 'Antes de firmar' },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(NOTE_NOT_SIGNED);

    await t.request({ method: 'PUT', url: note(id), cookie: doctorA.cookie, payload: draft });
    clock.freeze('2030-03-06T12:05:00+01:00');
    const signed = await call({ method: 'POST', url: `${note(id)}/sign`, cookie: doctorA.cookie });
    expect(signed.response.statusCode).toBe(200);
    expect(signed.response.json().signedAt).toBe('2030-03-06T11:05:00.000Z');
    expect(signed.entries).toEqual([
      expect.objectContaining({
        action: 'sign',
        entity: 'clinical_note',
        actorId: doctorA.id,
        patientId: paciente.recordId,
      }),
    ]);

    const edit = await call({
      method: 'PUT',
      url: note(id),
      cookie: doctorA.cookie,
      payload: { ...draft, diagnosis: 'Otro' },
    });
    expect(edit.response.statusCode).toBe(409);
    expect(edit.response.json().error).toMatchObject({ code: 'CONFLICT', message: NOTE_SIGNED });
    expect(edit.entries).toEqual([]);
    const again = await t.request({ method: 'POST', url: `${note(id)}/sign`, cookie: doctorA.cookie });
    expect(again.statusCode).toBe(409);

    clock.freeze('2030-03-06T12:10:00+01:00');
    const addendum = await call({
      method: 'POST',
      url: `${note(id)}/addenda`,
      cookie: doctorA.cookie,
      payload: { text: 'Resultado de la radiografía: normal.' },
    });
    expect(addendum.response.statusCode).toBe(201);
    const withAddendum = addendum.response.json();
    expect(withAddendum).toMatchObject({ diagnosis: 'Lumbalgia mecánica', signedAt: '2030-03-06T11:05:00.000Z' });
    expect(withAddendum.addenda).toEqual([
      {
        id: expect.any(String),
        text: 'Resultado de la radiografía: normal.',
        authorName: 'Dra. Ana Nota',
        createdAt: '2030-03-06T11:10:00.000Z',
      },
    ]);
    expect(addendum.entries).toEqual([
      expect.objectContaining({ action: 'addendum', entity: 'clinical_note', entityId: withAddendum.id }),
    ]);
    clock.freeze(NOW);
  });

  it('the database itself keeps a signed note’s text and the addenda unchanged', async () => {
    const id = await visit(doctorA.id, paciente.recordId, 4);
    await t.request({ method: 'PUT', url: note(id), cookie: doctorA.cookie, payload: draft });
    await t.request({ method: 'POST', url: `${note(id)}/sign`, cookie: doctorA.cookie });
    await t.request({
      method: 'POST',
      url: `${note(id)}/addenda`,
      cookie: doctorA.cookie,
      payload: { text: 'Una adenda' },
    });
    const { db } = t.database;
    await expect(
      db.execute(sql`UPDATE clinical_notes SET diagnosis = 'cambiado' WHERE appointment_id = ${id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM clinical_notes WHERE appointment_id = ${id}`)).rejects.toThrow();
    await expect(db.execute(sql`UPDATE clinical_note_addenda SET text = 'cambiado'`)).rejects.toThrow();
  });

  it('another doctor gets 404 on every note route, and a cancelled appointment takes no note', async () => {
    const id = await visit(doctorA.id, paciente.recordId, 5);
    await t.request({ method: 'PUT', url: note(id), cookie: doctorA.cookie, payload: draft });
    const calls: InjectOptions[] = [
      { method: 'GET', url: note(id) },
      { method: 'PUT', url: note(id), payload: draft },
      { method: 'POST', url: `${note(id)}/sign` },
      { method: 'POST', url: `${note(id)}/addenda`, payload: { text: 'x' } },
      { method: 'PUT', url: `${note(id)}/summary`, payload: { text: 'x', shared: true } },
    ];
    for (const options of calls) {
      const response = await t.request({ ...options, cookie: doctorB.cookie });
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(404);
      expect(response.json().error.message).toBe('Cita no encontrada');
    }
    expect((await t.request({ method: 'GET', url: note(id), cookie: doctorA.cookie })).json().note.signedAt).toBeNull();

    const cancelled = await visit(doctorA.id, paciente.recordId, 6, 'cancelada');
    const refused = await t.request({ method: 'PUT', url: note(cancelled), cookie: doctorA.cookie, payload: draft });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'No se puede escribir la nota de una cita cancelada o a la que el paciente no asistió.',
    );
  });

  it('admins read notes (audited) but write none; patients never reach a note', async () => {
    const id = await visit(doctorA.id, paciente.recordId, 7);
    await t.request({ method: 'PUT', url: note(id), cookie: doctorA.cookie, payload: draft });
    const read = await call({ method: 'GET', url: note(id), cookie: admin.cookie });
    expect(read.response.statusCode).toBe(200);
    expect(read.response.json().note.diagnosis).toBe('Lumbalgia mecánica');
    expect(read.entries).toEqual([
      expect.objectContaining({ action: 'read', entity: 'clinical_note', actorId: admin.id, actorRole: 'admin' }),
    ]);
    for (const options of [
      { method: 'PUT' as const, url: note(id), payload: draft },
      { method: 'POST' as const, url: `${note(id)}/sign` },
      { method: 'POST' as const, url: `${note(id)}/addenda`, payload: { text: 'x' } },
      { method: 'PUT' as const, url: `${note(id)}/summary`, payload: { text: 'x', shared: false } },
    ]) {
      expect(
        (await t.request({ ...options, cookie: admin.cookie })).statusCode,
        `${options.method} ${options.url}`,
      ).toBe(403);
      expect((await t.request({ ...options, cookie: paciente.cookie })).statusCode).toBe(403);
    }
    const own = await t.request({ method: 'GET', url: note(id), cookie: paciente.cookie });
    expect(own.statusCode).toBe(403);
    expect(own.body).not.toContain('Lumbalgia');
  });

  it('bad input gets Spanish field messages', async () => {
    const id = await visit(doctorA.id, paciente.recordId, 8);
    const response = await t.request({
      method: 'PUT',
      url: note(id),
      cookie: doctorA.cookie,
      payload: { ...draft, diagnosisCode: 'M54.5; DROP' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      diagnosisCode: 'El código CIE-10 solo admite letras, números, puntos y guiones',
    });
    const empty = await t.request({
      method: 'POST',
      url: `${note(id)}/addenda`,
      cookie: doctorA.cookie,
      payload: { text: ' ' },
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('a note belongs to its author (security review)', () => {
  it('moved by an admin to another doctor, the note stays its author’s: she still reads and completes it, the new doctor reaches none of it', async () => {
    const id = await visit(doctorA.id, paciente.recordId, 0, 'confirmada');
    expect((await t.request({ method: 'PUT', url: note(id), cookie: doctorA.cookie, payload: draft })).statusCode).toBe(
      200,
    );
    const moved = await t.request({
      method: 'PATCH',
      url: `/api/appointments/${id}`,
      cookie: admin.cookie,
      payload: { doctorId: doctorB.id, allowOutsideHours: true },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().doctorId).toBe(doctorB.id);

    // The new doctor of the appointment: 404 on reading, writing, signing, addenda and the summary.
    expect((await t.request({ method: 'GET', url: note(id), cookie: doctorB.cookie })).statusCode).toBe(404);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: note(id),
          cookie: doctorB.cookie,
          payload: { ...draft, plan: 'Otro plan' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'POST', url: `${note(id)}/sign`, cookie: doctorB.cookie })).statusCode).toBe(404);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `${note(id)}/addenda`,
          cookie: doctorB.cookie,
          payload: { text: 'Adenda ajena' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `${note(id)}/summary`,
          cookie: doctorB.cookie,
          payload: { text: 'Resumen', shared: true },
        })
      ).statusCode,
    ).toBe(404);

    // Its author reads it, signs it under her name and adds an addendum; the admin still reads it.
    const read = await t.request({ method: 'GET', url: note(id), cookie: doctorA.cookie });
    expect(read.statusCode).toBe(200);
    expect(read.json().note).toMatchObject({ plan: 'Calor local y ejercicios', doctorName: 'Dra. Ana Nota' });
    const signed = await t.request({ method: 'POST', url: `${note(id)}/sign`, cookie: doctorA.cookie });
    expect(signed.statusCode).toBe(200);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `${note(id)}/addenda`,
          cookie: doctorA.cookie,
          payload: { text: 'Cita reasignada' },
        })
      ).statusCode,
    ).toBe(201);
    expect((await t.request({ method: 'GET', url: note(id), cookie: admin.cookie })).json().note.doctorName).toBe(
      'Dra. Ana Nota',
    );
  });

  it('an appointment moved before any note was written is its new doctor’s to write, no longer the old one’s', async () => {
    const id = await visit(doctorA.id, paciente.recordId, 0.1, 'confirmada');
    const moved = await t.request({
      method: 'PATCH',
      url: `/api/appointments/${id}`,
      cookie: admin.cookie,
      payload: { doctorId: doctorB.id, allowOutsideHours: true },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await t.request({ method: 'PUT', url: note(id), cookie: doctorA.cookie, payload: draft })).statusCode).toBe(
      404,
    );
    const written = await t.request({ method: 'PUT', url: note(id), cookie: doctorB.cookie, payload: draft });
    expect(written.statusCode).toBe(200);
    expect(written.json().doctorName).toBe('Dr. Beto Otro');
  });

  it('a note is written from the appointment’s day on, never years ahead (409, Spanish)', async () => {
    const id = await visit(doctorA.id, paciente.recordId, -3 * 365, 'confirmada');
    const early = await t.request({ method: 'PUT', url: note(id), cookie: doctorA.cookie, payload: draft });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'Todavía no es el día de esta cita: su nota se podrá escribir a partir del sábado, 5 de marzo de 2033.',
    );
    expect((await t.request({ method: 'GET', url: note(id), cookie: doctorA.cookie })).json()).toEqual({ note: null });
    // Tomorrow's is refused too; later the same day (an evening visit) it is accepted.
    const tomorrow = await visit(doctorA.id, paciente.recordId, -1, 'confirmada');
    expect(
      (await t.request({ method: 'PUT', url: note(tomorrow), cookie: doctorA.cookie, payload: draft })).statusCode,
    ).toBe(409);
    const evening = await visit(doctorA.id, paciente.recordId, -0.3, 'confirmada');
    expect(
      (await t.request({ method: 'PUT', url: note(evening), cookie: doctorA.cookie, payload: draft })).statusCode,
    ).toBe(200);
  });
});

describe('the visit summary for the patient', () => {
  it('reaches the patient only while shared, and only the patient whose appointment it is', async () => {
    const id = await visit(doctorA.id, paciente.recordId, 9);
    await t.request({ method: 'PUT', url: note(id), cookie: doctorA.cookie, payload: draft });
    const summary = 'Reposo relativo y ejercicios diarios. Vuelva si el dolor empeora.';
    const written = await call({
      method: 'PUT',
      url: `${note(id)}/summary`,
      cookie: doctorA.cookie,
      payload: { text: summary, shared: false },
    });
    expect(written.response.json()).toMatchObject({ patientSummary: summary, summarySharedAt: null });
    expect(written.entries).toEqual([
      expect.objectContaining({ action: 'update', entity: 'visit_summary', patientId: paciente.recordId }),
    ]);

    const mine = async (cookie: string) =>
      (await t.request({ method: 'GET', url: '/api/me/visit-summaries', cookie })).json().items;
    expect(await mine(paciente.cookie)).toEqual([]);

    await t.request({
      method: 'PUT',
      url: `${note(id)}/summary`,
      cookie: doctorA.cookie,
      payload: { text: summary, shared: true },
    });
    const listed = await call({ method: 'GET', url: '/api/me/visit-summaries', cookie: paciente.cookie });
    expect(listed.response.json().items).toEqual([
      { appointmentId: id, text: summary, sharedAt: new Date(NOW).toISOString() },
    ]);
    expect(listed.entries).toEqual([
      expect.objectContaining({
        action: 'list',
        entity: 'visit_summary',
        actorId: paciente.id,
        patientId: paciente.recordId,
      }),
    ]);
    // Nothing else of the note travels with it.
    expect(JSON.stringify(listed.response.json())).not.toContain('Lumbalgia');
    expect(await mine(otherPaciente.cookie)).toEqual([]);

    await t.request({
      method: 'PUT',
      url: `${note(id)}/summary`,
      cookie: doctorA.cookie,
      payload: { text: summary, shared: false },
    });
    expect(await mine(paciente.cookie)).toEqual([]);
    expect(
      (await t.request({ method: 'GET', url: '/api/me/visit-summaries', cookie: doctorA.cookie })).statusCode,
    ).toBe(403);
  });

  it('an empty summary cannot be shared', async () => {
    const id = await visit(doctorA.id, paciente.recordId, 10);
    await t.request({ method: 'PUT', url: note(id), cookie: doctorA.cookie, payload: draft });
    const response = await t.request({
      method: 'PUT',
      url: `${note(id)}/summary`,
      cookie: doctorA.cookie,
      payload: { text: '', shared: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ text: 'Escribe el resumen antes de compartirlo' });
  });
});

describe('notes pending signature', () => {
  it('lists the doctor’s attended appointments without a signed note, and only theirs', async () => {
    const fresh = await doctor('Dra. Pendientes');
    const withDraft = await visit(fresh.id, otherPaciente.recordId, 20);
    const untouched = await visit(fresh.id, otherPaciente.recordId, 21);
    const signed = await visit(fresh.id, otherPaciente.recordId, 22);
    await visit(fresh.id, otherPaciente.recordId, -1, 'confirmada');
    await t.request({ method: 'PUT', url: note(withDraft), cookie: fresh.cookie, payload: draft });
    await t.request({ method: 'PUT', url: note(signed), cookie: fresh.cookie, payload: draft });
    await t.request({ method: 'POST', url: `${note(signed)}/sign`, cookie: fresh.cookie });

    const listed = await call({ method: 'GET', url: '/api/doctor/notes/pending', cookie: fresh.cookie });
    expect(listed.response.json()).toEqual({
      total: 2,
      items: [
        expect.objectContaining({ appointmentId: untouched, patientName: 'Olga Prueba', hasDraft: false }),
        expect.objectContaining({ appointmentId: withDraft, patientName: 'Olga Prueba', hasDraft: true }),
      ],
    });
    expect(listed.entries).toEqual([
      expect.objectContaining({
        action: 'list',
        entity: 'clinical_note',
        actorId: fresh.id,
        details: { view: 'pending', results: 2 },
      }),
    ]);
    expect(
      (await t.request({ method: 'GET', url: '/api/doctor/notes/pending', cookie: admin.cookie })).statusCode,
    ).toBe(403);
  });
});
