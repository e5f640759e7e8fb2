import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildTestApp, type TestApp } from '../../test/app';
import { validPatient } from '../../test/fixtures';

let t: TestApp;
let admin: { id: string; cookie: string };
let doctorA: { id: string; email: string; cookie: string };
let doctorB: { id: string; email: string; cookie: string };
let patientId: string;

// Monday 2 March 2026, 00:30 in Madrid: still Sunday 1 March in UTC, so «today» must come from the clinic's zone.
const NOW = '2026-03-01T23:30:00Z';

beforeAll(async () => {
  clock.freeze(NOW);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin', displayName: 'Marta Admin' });
  doctorA = await t.createUser({ role: 'doctor', displayName: 'Dra. Ana', email: 'ana@prueba.test' });
  doctorB = await t.createUser({ role: 'doctor', displayName: 'Dr. Blas', email: 'blas@prueba.test' });
  const patient = await t.request({
    method: 'POST',
    url: '/api/patients',
    cookie: admin.cookie,
    payload: validPatient({ firstName: 'Rosa', lastName: 'Tarea' }),
  });
  patientId = patient.json().id;
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});
afterEach(() => {
  t.mailer.sent.length = 0;
});

const createTask = (payload: Record<string, unknown>, cookie = admin.cookie) =>
  t.request({
    method: 'POST',
    url: '/api/tasks',
    cookie,
    payload: { title: 'Llamar al laboratorio', assigneeId: doctorA.id, ...payload },
  });

const mailsTo = async (email: string) => {
  await t.deliverMail();
  return t.mailer.sent.filter((mail) => mail.to === email);
};

describe('tasks', () => {
  it('an admin creates a task for a doctor: the doctor gets an e-mail through the outbox', async () => {
    const created = await createTask({
      description: 'Resultados de la analítica',
      priority: 'alta',
      dueDate: '2026-03-05',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      title: 'Llamar al laboratorio',
      priority: 'alta',
      status: 'pendiente',
      assignee: { id: doctorA.id },
      overdue: false,
    });
    const mails = await mailsTo(doctorA.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Nueva tarea asignada: Llamar al laboratorio');
    expect(mails[0]!.text).toContain('5 de marzo de 2026');
  });

  it('no e-mail when admins assign a task to themselves; reassigning e-mails the new assignee', async () => {
    const own = await createTask({ assigneeId: admin.id, title: 'Revisar facturas' });
    expect(own.statusCode).toBe(201);
    await t.deliverMail();
    expect(t.mailer.sent).toHaveLength(0);
    const moved = await t.request({
      method: 'PATCH',
      url: `/api/tasks/${own.json().id}`,
      cookie: admin.cookie,
      payload: { assigneeId: doctorB.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(await mailsTo(doctorB.email)).toHaveLength(1);
    const edited = await t.request({
      method: 'PATCH',
      url: `/api/tasks/${own.json().id}`,
      cookie: admin.cookie,
      payload: { title: 'Revisar facturas de marzo' },
    });
    expect(edited.statusCode).toBe(200);
    await t.deliverMail();
    expect(t.mailer.sent.filter((mail) => mail.to === doctorB.email)).toHaveLength(1);
  });

  it('overdue means due before today in the clinic’s time zone and not done', async () => {
    // 1 March is «yesterday» in Madrid although it is still 1 March in UTC.
    const late = await createTask({ title: 'Vencida de ayer', dueDate: '2026-03-01' });
    const todays = await createTask({ title: 'Para hoy', dueDate: '2026-03-02' });
    const lateDone = await createTask({ title: 'Vencida pero hecha', dueDate: '2026-02-20', status: 'hecha' });
    expect([late.json().overdue, todays.json().overdue, lateDone.json().overdue]).toEqual([true, false, false]);
    const list = await t.request({ method: 'GET', url: '/api/tasks?overdue=true', cookie: admin.cookie });
    expect(list.json().today).toBe('2026-03-02');
    const titles = list.json().items.map((task: { title: string }) => task.title);
    expect(titles).toContain('Vencida de ayer');
    expect(titles).not.toContain('Para hoy');
    expect(titles).not.toContain('Vencida pero hecha');
  });

  it('filters by status, priority, assignee and patient, and sorts by priority', async () => {
    await createTask({ title: 'Baja de B', assigneeId: doctorB.id, priority: 'baja' });
    await createTask({ title: 'Alta de B', assigneeId: doctorB.id, priority: 'alta', patientId });
    const byB = await t.request({
      method: 'GET',
      url: `/api/tasks?assigneeId=${doctorB.id}&sort=priority`,
      cookie: admin.cookie,
    });
    const titles = byB.json().items.map((task: { title: string }) => task.title);
    expect(titles.indexOf('Alta de B')).toBeLessThan(titles.indexOf('Baja de B'));
    expect(byB.json().items.every((task: { assignee: { id: string } }) => task.assignee.id === doctorB.id)).toBe(true);
    const byPatient = await t.request({
      method: 'GET',
      url: `/api/tasks?patientId=${patientId}`,
      cookie: admin.cookie,
    });
    expect(byPatient.json().items).toEqual([
      expect.objectContaining({ title: 'Alta de B', patient: { id: patientId, name: 'Rosa Tarea' } }),
    ]);
    const low = await t.request({
      method: 'GET',
      url: '/api/tasks?priority=baja&status=pendiente',
      cookie: admin.cookie,
    });
    expect(low.json().items.map((task: { title: string }) => task.title)).toEqual(['Baja de B']);
  });

  it('linking a patient is written to the audit trail', async () => {
    const created = await createTask({ title: 'Enviar informe', patientId });
    const entries = await t.request({
      method: 'GET',
      url: `/api/audit?entity=task&patientId=${patientId}`,
      cookie: admin.cookie,
    });
    expect(entries.statusCode).toBe(200);
    expect(JSON.stringify(entries.json())).toContain(created.json().id);
  });

  it('a doctor sees only their own tasks: another’s answers 404 and is never listed', async () => {
    const mine = await createTask({ title: 'Tarea de Ana', assigneeId: doctorA.id });
    const theirs = await createTask({ title: 'Tarea de Blas', assigneeId: doctorB.id });
    const list = await t.request({ method: 'GET', url: `/api/tasks?assigneeId=${doctorB.id}`, cookie: doctorA.cookie });
    expect(list.statusCode).toBe(200);
    const ids = list.json().items.map((task: { id: string }) => task.id);
    expect(ids).toContain(mine.json().id);
    expect(ids).not.toContain(theirs.json().id);
    expect(list.json().items.every((task: { assignee: { id: string } }) => task.assignee.id === doctorA.id)).toBe(true);
    expect(
      (await t.request({ method: 'GET', url: `/api/tasks/${theirs.json().id}`, cookie: doctorA.cookie })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/api/tasks/${mine.json().id}`, cookie: doctorA.cookie })).statusCode,
    ).toBe(200);
  });

  it('a doctor marks their own task done but not another’s, and cannot create or edit tasks', async () => {
    const mine = await createTask({ title: 'Firmar recetas', assigneeId: doctorA.id });
    const theirs = await createTask({ title: 'Firmar informes', assigneeId: doctorB.id });
    const done = await t.request({
      method: 'POST',
      url: `/api/tasks/${mine.json().id}/status`,
      cookie: doctorA.cookie,
      payload: { status: 'hecha' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('hecha');
    const other = await t.request({
      method: 'POST',
      url: `/api/tasks/${theirs.json().id}/status`,
      cookie: doctorA.cookie,
      payload: { status: 'hecha' },
    });
    expect(other.statusCode).toBe(404);
    expect((await createTask({ assigneeId: doctorB.id }, doctorA.cookie)).statusCode).toBe(403);
    expect((await createTask({ assigneeId: doctorA.id }, doctorA.cookie)).statusCode).toBe(403);
    const edit = await t.request({
      method: 'PATCH',
      url: `/api/tasks/${mine.json().id}`,
      cookie: doctorA.cookie,
      payload: { title: 'Otra cosa' },
    });
    expect(edit.statusCode).toBe(403);
  });

  it('a doctor sees the patient of their task only when the record is theirs to see', async () => {
    // Doctor A has no appointment with this patient: the task reaches them without the patient's name.
    const created = await createTask({ title: 'Sobre una paciente ajena', assigneeId: doctorA.id, patientId });
    const asDoctor = await t.request({ method: 'GET', url: `/api/tasks/${created.json().id}`, cookie: doctorA.cookie });
    expect(asDoctor.json().patient).toBeNull();
    expect(asDoctor.body).not.toContain('Rosa');
    const list = await t.request({ method: 'GET', url: '/api/tasks', cookie: doctorA.cookie });
    expect(list.body).not.toContain('Rosa');
    const asAdmin = await t.request({ method: 'GET', url: `/api/tasks/${created.json().id}`, cookie: admin.cookie });
    expect(asAdmin.json().patient).toEqual({ id: patientId, name: 'Rosa Tarea' });
  });

  it('refuses bad input in Spanish: a paciente as assignee, an unknown patient, a bad date', async () => {
    const paciente = await t.createUser({ role: 'paciente' });
    const toPaciente = await createTask({ assigneeId: paciente.id });
    expect(toPaciente.statusCode).toBe(400);
    expect(toPaciente.json().error.fields.assigneeId).toMatch(/equipo/);
    const unknownPatient = await createTask({ patientId: '00000000-0000-4000-8000-000000000000' });
    expect(unknownPatient.json().error.fields.patientId).toBe('Elige un paciente de la lista');
    const badDate = await createTask({ dueDate: '05/03/2026' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.fields.dueDate).toBe('Escribe la fecha límite como AAAA-MM-DD');
    const noTitle = await createTask({ title: '' });
    expect(noTitle.json().error.fields.title).toMatch(/título/);
  });

  it('pacientes and visitors have no access', async () => {
    const paciente = await t.createUser({ role: 'paciente' });
    expect((await t.request({ method: 'GET', url: '/api/tasks', cookie: paciente.cookie })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/tasks' })).statusCode).toBe(401);
  });
});
