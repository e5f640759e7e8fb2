import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, insertAppointment, validPatient } from '../../test/fixtures';
import { hashPassword } from '../../identity/auth/passwords';
import { multipartUpload, samplePdf } from '../files/sample-files';

/** Prescriptions, treatments and files in the chart's timeline, with who sees which. */
let t: TestApp;
let admin: { cookie: string };
let doctorA: { id: string; cookie: string };
let doctorB: { id: string; cookie: string };
let patientId: string;
const ids: Record<string, string> = {};

async function doctor(displayName: string) {
  const created = await createDoctor(t, admin.cookie, { displayName });
  await t.write(async (tx) =>
    t.deps.repos.auth.updateAccount(created.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
  );
  return { id: created.id, cookie: await t.signIn(created.email) };
}
const medicine = {
  medicine: 'Ibuprofeno 600 mg comprimidos',
  dose: '1 comprimido',
  route: 'oral',
  frequency: 'cada 8 horas',
  duration: '5 días',
  quantity: '1 envase',
  instructions: '',
};

beforeAll(async () => {
  clock.freeze('2030-03-04T09:00:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctorA = await doctor('Dra. Ana Tipos');
  doctorB = await doctor('Dr. Beto Tipos');
  patientId = (
    await t.request({ method: 'POST', url: '/api/patients', cookie: admin.cookie, payload: validPatient() })
  ).json().id;
  // Both doctors have the patient (an appointment each).
  await insertAppointment(t, { patientId, doctorId: doctorA.id, startsAt: new Date('2030-03-01T09:00:00+01:00') });
  await insertAppointment(t, { patientId, doctorId: doctorB.id, startsAt: new Date('2030-03-01T10:00:00+01:00') });
  clock.freeze('2030-03-04T10:00:00+01:00');
  const treatment = await t.request({
    method: 'POST',
    url: '/api/treatments',
    cookie: doctorA.cookie,
    payload: {
      patientId,
      title: 'Rehabilitación de rodilla',
      diagnosis: 'Gonartrosis',
      startDate: '2030-03-04',
      sessionsPlanned: 10,
    },
  });
  expect(treatment.statusCode, treatment.body).toBe(201);
  ids.treatment = treatment.json().id;
  clock.freeze('2030-03-04T10:05:00+01:00');
  const prescription = await t.request({
    method: 'POST',
    url: '/api/prescriptions',
    cookie: doctorA.cookie,
    payload: { patientId, prescribedOn: '2030-03-04', diagnosis: 'Gonartrosis', medicines: [medicine] },
  });
  expect(prescription.statusCode, prescription.body).toBe(201);
  ids.prescription = prescription.json().id;
  clock.freeze('2030-03-04T10:10:00+01:00');
  const file = await t.request({
    method: 'POST',
    url: '/api/files',
    cookie: admin.cookie,
    ...multipartUpload(await samplePdf('Radiografía'), 'radiografia.pdf', { type: 'imagenes', patientId }),
  });
  expect(file.statusCode, file.body).toBe(201);
  ids.file = file.json().id;
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

const timeline = async (cookie: string, query = '') => {
  const response = await t.request({ method: 'GET', url: `/api/patients/${patientId}/chart${query}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as {
    kind: string;
    id: string;
    title: string;
    detail: string;
    status: string;
    doctor: string;
  }[];
};

describe('prescriptions, treatments and files in the chart', () => {
  it('the admin sees them all, newest first, each with its status', async () => {
    const items = (await timeline(admin.cookie, '?kinds=prescription,treatment,file')).map(({ kind, id, status }) => ({
      kind,
      id,
      status,
    }));
    expect(items).toEqual([
      { kind: 'file', id: ids.file, status: 'imagenes' },
      { kind: 'prescription', id: ids.prescription, status: 'activa' },
      { kind: 'treatment', id: ids.treatment, status: 'activo' },
    ]);
    const [, prescription, treatment] = await timeline(admin.cookie, '?kinds=prescription,treatment,file');
    expect(prescription).toMatchObject({
      title: 'Receta',
      detail: 'Gonartrosis · Ibuprofeno 600 mg comprimidos',
      doctor: 'Dra. Ana Tipos',
    });
    expect(treatment).toMatchObject({ title: 'Tratamiento · Rehabilitación de rodilla', detail: 'Gonartrosis' });
  });

  it('another doctor of the patient sees the file but not the prescription or the treatment she did not write', async () => {
    expect((await timeline(doctorB.cookie, '?kinds=prescription,treatment,file')).map((item) => item.kind)).toEqual([
      'file',
    ]);
    expect((await timeline(doctorA.cookie, '?kinds=prescription,treatment,file')).map((item) => item.kind)).toEqual([
      'file',
      'prescription',
      'treatment',
    ]);
  });
});
