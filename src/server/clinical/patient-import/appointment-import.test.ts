import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { appointmentEvents, appointments, auditLog, mailOutbox } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, insertAppointment } from '../../test/fixtures';

/** Friday 27 November 2026, 18:00 in Madrid: the file brings the next week's agenda. */
const NOW = '2026-11-27T17:00:00Z';

let t: TestApp;
let admin: { id: string; cookie: string };
let ana: { id: string };
let luis: { id: string };

beforeAll(async () => {
  clock.freeze(NOW);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  ana = await createDoctor(t, admin.cookie, { displayName: 'Dra. Ana Martínez Ruiz', appointmentMinutes: 30 });
  luis = await createDoctor(t, admin.cookie, { displayName: 'Dr. Luis Gil', appointmentMinutes: 20 });
});
afterAll(async () => {
  await t?.close();
  clock.freeze(null);
});

function upload(fileName: string, text: string, target?: string) {
  const boundary = 'citas';
  return t.request({
    method: 'POST',
    url: `/api/patient-imports${target ? `?target=${target}` : ''}`,
    cookie: admin.cookie,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(text, 'latin1'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}
const post = (url: string, payload?: object) => t.request({ method: 'POST', url, cookie: admin.cookie, payload });
const get = (url: string) => t.request({ method: 'GET', url, cookie: admin.cookie });

async function runImport(fileName: string, text: string, target?: string) {
  const view = (await upload(fileName, text, target)).json();
  expect((await post(`/api/patient-imports/${view.id}/start`, { mapping: view.mapping })).statusCode).toBe(202);
  await t.deps.patientImports.runPending();
  return (await get(`/api/patient-imports/${view.id}`)).json();
}

describe('import of the future appointments of the previous program', () => {
  let importId: string;
  let patients: Record<string, string>;

  it('needs the patients first: their codes are kept with the import', async () => {
    const done = await runImport(
      'pacientes.csv',
      'Nº Historia;Nombre;Apellidos;DNI\r\n501;Íñigo;Muñoz;87654321X\r\n502;Rosa;Gil;\r\n503;Eva;Sol;11111111H\r\n',
    );
    expect(done.counts).toMatchObject({ create: 3, error: 0 });
    const search = async (q: string) => (await get(`/api/patients?q=${encodeURIComponent(q)}`)).json().items[0].id;
    patients = { inigo: await search('87654321X'), rosa: await search('Rosa Gil'), eva: await search('11111111H') };
    // Eva already has Tuesday 10:00 with doctor Ana, booked at the desk.
    await insertAppointment(t, {
      patientId: patients.eva!,
      doctorId: ana.id,
      startsAt: new Date('2026-12-01T09:00:00Z'),
    });
  });

  it('runs dry: each appointment as it will be booked in the clinic’s time, and why the others are not', async () => {
    const csv = [
      'Fecha;Hora;Profesional;DNI;Nº Historia;Motivo;Duración',
      // 2: Íñigo by document, Monday 9:30 in Madrid (08:30 UTC), the doctor's own length.
      '30/11/2026;9:30;dra ana martinez;87654321x;;Revisión;',
      // 3: Rosa by her code only, 45 minutes with doctor Luis.
      '01/12/2026;12:00;Luis Gil;;502;Primera visita;45',
      // 4: today, but already past (17:00 in Madrid has gone).
      '27/11/2026;17:00;Ana Martínez;87654321X;;;',
      // 5: Eva at the time she already has with Ana (the desk booked it): omitted, not twice.
      '01/12/2026;10:00;Ana Martínez;11111111H;;;',
      // 6: Íñigo over Eva's appointment with Ana (10:15 inside 10:00–10:30).
      '01/12/2026;10:15;Ana Martínez;87654321X;;;',
      // 7: a doctor the clinic does not have; 8: a patient it does not have.
      '02/12/2026;9:00;Dr. Pérez;87654321X;;;',
      '02/12/2026;9:00;Luis Gil;00000000T;;;',
      // 9: overlaps row 3 in the same file.
      '01/12/2026;12:30;Luis Gil;87654321X;;;',
    ].join('\r\n');
    const view = (await upload('agenda.csv', csv, 'appointments')).json();
    importId = view.id;
    expect(view).toMatchObject({
      target: 'appointments',
      mapping: ['date', 'time', 'doctor', 'patientDocument', 'patientCode', 'reason', 'duration'],
    });
    const dry = (await post(`/api/patient-imports/${importId}/dry-run`, { mapping: view.mapping })).json();
    expect(dry.counts).toEqual({ create: 2, update: 0, skip: 1, error: 5 });
    expect(dry.appointmentPreview.slice(0, 2)).toEqual([
      {
        line: 2,
        action: 'create',
        startsAt: '2026-11-30T08:30:00.000Z',
        endsAt: '2026-11-30T09:00:00.000Z',
        doctor: 'Dra. Ana Martínez Ruiz',
        patient: 'Íñigo Muñoz',
        reason: 'Revisión',
      },
      {
        line: 3,
        action: 'create',
        startsAt: '2026-12-01T11:00:00.000Z',
        endsAt: '2026-12-01T11:45:00.000Z',
        doctor: 'Dr. Luis Gil',
        patient: 'Rosa Gil',
        reason: 'Primera visita',
      },
    ]);
    expect(dry.errors).toEqual([
      { line: 4, reason: 'Solo se importan citas futuras: la del 27/11/2026 a las 17:00 ya ha pasado' },
      { line: 6, reason: 'Dra. Ana Martínez Ruiz ya tiene otra cita a esa hora' },
      { line: 7, reason: 'No hay ningún profesional activo llamado «Dr. Pérez»' },
      { line: 8, reason: 'No hay ningún paciente con el documento «00000000T»: impórtalo antes' },
      { line: 9, reason: 'Se solapa con la cita de la fila 3 del mismo profesional' },
    ]);
  });

  it('books them confirmed, each audited, with no e-mail to the patients', async () => {
    const mailBefore = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0]!.n;
    const { mapping } = (await get(`/api/patient-imports/${importId}`)).json();
    await post(`/api/patient-imports/${importId}/start`, { mapping });
    await t.deps.patientImports.runPending();
    const view = (await get(`/api/patient-imports/${importId}`)).json();
    expect(view).toMatchObject({ status: 'done', counts: { create: 2, skip: 1, error: 5 } });

    const booked = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.doctorId, luis.id))
      .orderBy(asc(appointments.startsAt));
    expect(booked).toEqual([
      expect.objectContaining({
        patientId: patients.rosa,
        status: 'confirmada',
        channel: 'presencial',
        reason: 'Primera visita',
        createdBy: admin.id,
      }),
    ]);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'import'), eq(auditLog.entity, 'appointment')));
    expect(audited.map((entry) => entry.details?.line).sort()).toEqual([2, 3]);
    const mailAfter = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0]!.n;
    expect(mailAfter).toBe(mailBefore);
    const errors = (await get(`/api/patient-imports/${importId}/errors.csv`)).body;
    expect(errors).toContain(
      '02/12/2026;9:00;Dr. Pérez;87654321X;;;;7;No hay ningún profesional activo llamado «Dr. Pérez»',
    );
  });

  it('undoes by cancelling the appointments still as booked, never deleting them', async () => {
    // The desk moved Rosa's appointment meanwhile: it stays.
    const [rosa] = await t.database.db.select().from(appointments).where(eq(appointments.patientId, patients.rosa!));
    clock.advance(60_000);
    const moved = await t.request({
      method: 'PATCH',
      url: `/api/appointments/${rosa!.id}`,
      cookie: admin.cookie,
      payload: { startsAt: '2026-12-01T12:00:00.000Z', endsAt: '2026-12-01T12:45:00.000Z' },
    });
    expect(moved.statusCode).toBe(200);
    expect((await post(`/api/patient-imports/${importId}/undo`)).statusCode).toBe(202);
    await t.deps.patientImports.runPending();
    expect((await get(`/api/patient-imports/${importId}`)).json()).toMatchObject({ status: 'undone', keptOnUndo: 1 });

    const [inigo] = await t.database.db.select().from(appointments).where(eq(appointments.patientId, patients.inigo!));
    expect(inigo).toMatchObject({
      status: 'cancelada',
      cancelReason: 'Importación deshecha',
      cancelReasonVisible: false,
    });
    const history = await t.database.db
      .select({ action: appointmentEvents.action })
      .from(appointmentEvents)
      .where(eq(appointmentEvents.appointmentId, inigo!.id))
      .orderBy(asc(appointmentEvents.id));
    expect(history.map((event) => event.action)).toEqual(['created', 'status']);
    const [kept] = await t.database.db.select().from(appointments).where(eq(appointments.id, rosa!.id));
    expect(kept!.status).toBe('confirmada');
  });
});
