import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, createPatientRecord, createService, insertAppointment } from '../../test/fixtures';

// Monday 2 March 2026, 09:00 in Madrid.
const MONDAY_9 = '2026-03-02T09:00:00+01:00';

let t: TestApp;
let admin: { id: string; cookie: string };
let doctor: { id: string; specialtyId: string };
let serviceId: string;

const questionnaire = (title: string, firstVisit: boolean, serviceIds: string[]) => ({
  title,
  intro: '',
  firstVisit,
  serviceIds,
  sections: [{ id: 's', title: 'Datos', questions: [{ id: 'q', label: '¿Motivo?', kind: 'short_text' }] }],
});

beforeAll(async () => {
  clock.freeze(MONDAY_9);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctor = await createDoctor(t, admin.cookie);
  serviceId = await createService(t, admin.cookie, { specialtyId: doctor.specialtyId, doctorIds: [doctor.id] });
  for (const payload of [
    questionnaire('Anamnesis de primera visita', true, []),
    questionnaire('Antes de la infiltración', false, [serviceId]),
  ]) {
    const created = await t.request({ method: 'POST', url: '/api/questionnaires', cookie: admin.cookie, payload });
    expect(created.statusCode, created.body).toBe(201);
  }
});
afterAll(async () => {
  clock.freeze(null);
  await t.close();
});

/** What a new appointment of `patientId` asks, as the booking's transaction asks it. */
async function askedFor(patientId: string, startsAt: string, service: string | null = null) {
  const appointment = await insertAppointment(t, { patientId, doctorId: doctor.id, startsAt: new Date(startsAt) });
  const asked = await t.write((tx) =>
    t.deps.repos.questionnaireRequests.askFor(
      { id: appointment.id, patientId, serviceId: service, startsAt: appointment.startsAt },
      tx,
    ),
  );
  return { appointment, titles: asked.map((request) => request.title).sort() };
}

describe('the questionnaires a booking asks (one statement in its transaction)', () => {
  it('a patient whose only earlier visit was cancelled is still on her first visit', async () => {
    const patient = await createPatientRecord(t, { firstName: 'Inés', lastName: 'Cuestionario', email: '', phone: '' });
    await insertAppointment(t, {
      patientId: patient.id,
      doctorId: doctor.id,
      startsAt: new Date('2026-03-03T10:00:00+01:00'),
      status: 'cancelada',
    });
    expect((await askedFor(patient.id, '2026-03-05T10:00:00+01:00')).titles).toEqual(['Anamnesis de primera visita']);
  });

  it('a later visit of the service asks only the service’s; a first one of it asks both', async () => {
    const patient = await createPatientRecord(t, { firstName: 'Inés', lastName: 'Cuestionario', email: '', phone: '' });
    const first = await askedFor(patient.id, '2026-03-09T10:00:00+01:00', serviceId);
    expect(first.titles).toEqual(['Anamnesis de primera visita', 'Antes de la infiltración']);
    const later = await askedFor(patient.id, '2026-03-16T10:00:00+01:00', serviceId);
    expect(later.titles).toEqual(['Antes de la infiltración']);
    // A later visit without the service asks nothing.
    expect((await askedFor(patient.id, '2026-03-23T10:00:00+01:00')).titles).toEqual([]);
  });

  it('asking twice for the same appointment makes no second request', async () => {
    const patient = await createPatientRecord(t, { firstName: 'Inés', lastName: 'Cuestionario', email: '', phone: '' });
    const { appointment } = await askedFor(patient.id, '2026-03-10T11:00:00+01:00', serviceId);
    const again = await t.write((tx) =>
      t.deps.repos.questionnaireRequests.askFor(
        { id: appointment.id, patientId: patient.id, serviceId, startsAt: appointment.startsAt },
        tx,
      ),
    );
    expect(again).toEqual([]);
  });
});
