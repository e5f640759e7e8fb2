import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { withAuditEntries } from '../../test/audit';
import { validPatient } from '../../test/fixtures';

let t: TestApp;
let admin: { id: string; email: string; cookie: string };
let otherAdmin: { id: string; email: string; cookie: string };
let patientId: string;

const list = async (query: string, cookie = admin.cookie) => {
  const response = await t.request({ method: 'GET', url: `/api/audit?${query}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** Parses the CSV the export answers: BOM, `;` separated, CRLF lines, quoted cells. */
function parseCsv(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return body
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';').map((value) => value.replace(/^"(.*)"$/, '$1').replace(/""/g, '"')));
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin', displayName: 'Ana Núñez', email: 'ana.nunez@prueba.test' });
  otherAdmin = await t.createUser({ role: 'admin', displayName: 'Beatriz Soler' });
  patientId = (
    await t.request({ method: 'POST', url: '/api/patients', cookie: admin.cookie, payload: validPatient() })
  ).json().id;
  await t.request({
    method: 'GET',
    url: `/api/patients/${patientId}`,
    cookie: otherAdmin.cookie,
    remoteAddress: '198.51.100.4',
  });
  // Entries at known instants around the night of 29 March 2026, when Madrid moves from +01:00 to +02:00.
  await t.database.db.insert(auditLog).values([
    {
      at: new Date('2026-03-28T22:30:00Z'),
      actorRole: 'visitor',
      action: 'read',
      entity: 'appointment',
      entityId: 'antes',
      patientId,
      ip: '192.0.2.1',
    }, // 28/03 23:30 Madrid
    {
      at: new Date('2026-03-28T23:30:00Z'),
      actorRole: 'visitor',
      action: 'read',
      entity: 'appointment',
      entityId: 'noche',
      patientId,
      ip: '192.0.2.1',
    }, // 29/03 00:30
    {
      at: new Date('2026-03-29T21:30:00Z'),
      actorRole: 'visitor',
      action: 'cancel',
      entity: 'appointment',
      entityId: 'tarde',
      patientId,
      ip: '192.0.2.1',
    }, // 29/03 23:30
    {
      at: new Date('2026-03-29T22:30:00Z'),
      actorRole: 'visitor',
      action: 'read',
      entity: 'appointment',
      entityId: 'despues',
      patientId,
      ip: '192.0.2.1',
    }, // 30/03 00:30
  ]);
});
afterAll(() => t.close());

describe('GET /api/audit', () => {
  it('is for admins only', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    const paciente = await t.createUser({ role: 'paciente' });
    for (const url of ['/api/audit', '/api/audit/export']) {
      expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await t.request({ method: 'GET', url, cookie: doctor.cookie })).statusCode, url).toBe(403);
      expect((await t.request({ method: 'GET', url, cookie: paciente.cookie })).statusCode, url).toBe(403);
    }
  });

  it('answers newest first, with who (name, e-mail, role), the patient’s name, what in Spanish and the address', async () => {
    const page = await list(`patientId=${patientId}&user=${otherAdmin.id}`);
    expect(page.timeZone).toBe('Europe/Madrid');
    expect(page.items).toEqual([
      expect.objectContaining({
        actorId: otherAdmin.id,
        actorName: 'Beatriz Soler',
        actorEmail: otherAdmin.email,
        actorRole: 'admin',
        action: 'read',
        entity: 'patient',
        entityId: patientId,
        patientId,
        patientName: 'Lucía Pérez García',
        ip: '198.51.100.4',
        description: 'Consulta · Paciente',
      }),
    ]);
    const all = await list(`patientId=${patientId}`);
    const times = all.items.map((item: { at: string }) => Date.parse(item.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.items.at(-1)).toMatchObject({ entityId: 'antes', actorId: null, actorName: null, actorRole: 'visitor' });
  });

  it('filters by user (id, or words of name or e-mail without accents), action, entity, role and clinic-zone days', async () => {
    const byName = await list('user=nunez&entity=patient');
    expect(byName.items.length).toBeGreaterThan(0);
    expect(byName.items.every((item: { actorId: string }) => item.actorId === admin.id)).toBe(true);
    expect(
      (await list('user=ana.nunez@prueba')).items.every((item: { actorId: string }) => item.actorId === admin.id),
    ).toBe(true);
    expect((await list('user=nadie-con-este-nombre')).total).toBe(0);

    const cancels = await list(`patientId=${patientId}&action=cancel`);
    expect(cancels.items.map((item: { entityId: string }) => item.entityId)).toEqual(['tarde']);
    const visitors = await list(`role=visitor&patientId=${patientId}`);
    expect(visitors.total).toBe(4);
    const created = await list(`entity=patient&action=create&patientId=${patientId}`);
    expect(created.items).toEqual([expect.objectContaining({ actorId: admin.id, action: 'create' })]);

    // 29 March in Madrid runs from 28/03 23:00 UTC to 29/03 22:00 UTC (the clocks go forward that night).
    const day = await list(`patientId=${patientId}&from=2026-03-29&to=2026-03-29`);
    expect(day.items.map((item: { entityId: string }) => item.entityId)).toEqual(['tarde', 'noche']);
    const longAgo = await list(`patientId=${patientId}&to=2020-01-01`);
    expect(longAgo.total).toBe(0);
  });

  it('paginates', async () => {
    const first = await list(`patientId=${patientId}&role=visitor&pageSize=3`);
    expect(first).toMatchObject({ total: 4, totalIsCapped: false, page: 1, pageSize: 3 });
    expect(first.items.map((item: { entityId: string }) => item.entityId)).toEqual(['despues', 'tarde', 'noche']);
    const second = await list(`patientId=${patientId}&role=visitor&pageSize=3&page=2`);
    expect(second.items.map((item: { entityId: string }) => item.entityId)).toEqual(['antes']);
  });

  it('refuses bad filters in Spanish', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/audit?action=borrar&from=ayer',
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      action: 'Acción no válida',
      from: 'Escribe la fecha como AAAA-MM-DD',
    });
  });

  it('reading the log is itself recorded, in the same transaction, and not within its own answer', async () => {
    const query = `patientId=${patientId}&entity=audit_log&user=${otherAdmin.id}`;
    const { response, entries } = await withAuditEntries(t, {
      method: 'GET',
      url: `/api/audit?${query}`,
      cookie: otherAdmin.cookie,
    });
    expect(response.json().items).toEqual([]);
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: otherAdmin.id,
        actorRole: 'admin',
        action: 'list',
        entity: 'audit_log',
        patientId,
        details: expect.objectContaining({ entity: 'audit_log' }),
      }),
    ]);
    expect((await list(query)).items).toEqual([
      expect.objectContaining({
        actorId: otherAdmin.id,
        description: 'Consulta de listado · Registro de accesos (0 resultados)',
      }),
    ]);
  });
});

describe('GET /api/audit/export', () => {
  it('sends the matching entries as a Spanish CSV, dates and times in the clinic’s zone, and records the export', async () => {
    const { response, entries } = await withAuditEntries(t, {
      method: 'GET',
      url: `/api/audit/export?patientId=${patientId}&role=visitor&from=2026-03-29&to=2026-03-29`,
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="registro-accesos-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'Fecha',
      'Hora',
      'Usuario',
      'Correo del usuario',
      'Rol',
      'Acción',
      'Paciente',
      'Id. del paciente',
      'Id. del dato',
      'Dirección IP',
    ]);
    expect(rows).toEqual([
      [
        '29/03/2026',
        '23:30:00',
        'Visitante',
        '',
        'Visitante',
        'Cancelación · Cita',
        'Lucía Pérez García',
        patientId,
        'tarde',
        '192.0.2.1',
      ],
      [
        '29/03/2026',
        '00:30:00',
        'Visitante',
        '',
        'Visitante',
        'Consulta · Cita',
        'Lucía Pérez García',
        patientId,
        'noche',
        '192.0.2.1',
      ],
    ]);
    expect(entries).toEqual([
      expect.objectContaining({ actorId: admin.id, action: 'export', entity: 'audit_log', patientId }),
    ]);
  });

  it('streams a long log in batches without losing or repeating entries that share an instant', async () => {
    const many: string = (
      await t.request({
        method: 'POST',
        url: '/api/patients',
        cookie: admin.cookie,
        payload: validPatient({ documentNumber: '44444444A' }),
      })
    ).json().id;
    // 2 500 entries over five microsecond-apart instants: many share an instant, and batches end inside them.
    await t.database.db.execute(sql`
      INSERT INTO audit_log (at, actor_role, action, entity, entity_id, patient_id)
      SELECT timestamptz '2026-05-04 10:00:00.000001+00' + (n % 5) * interval '1 microsecond', 'visitor', 'read', 'appointment', n::text, ${many}::uuid
        FROM generate_series(1, 2500) AS n`);
    const response = await t.request({
      method: 'GET',
      url: `/api/audit/export?patientId=${many}&role=visitor`,
      cookie: admin.cookie,
    });
    const rows = parseCsv(response.body).slice(1);
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((row) => row[8])).size).toBe(2500);
  });
});
