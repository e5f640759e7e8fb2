import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor } from '../../test/fixtures';
import { clock } from '../../platform/clock';
import { tariffChanges } from './use-cases';

let t: TestApp;
let admin: { cookie: string };
let doctor: { cookie: string };
let specialtyId: string;
let firstVisit: string;
let review: string;

beforeAll(async () => {
  clock.freeze('2026-11-02T09:00:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctor = await t.createUser({ role: 'doctor' });
  ({ specialtyId } = await createDoctor(t, admin.cookie));
  const service = (name: string) =>
    t.request({
      method: 'POST',
      url: '/api/services',
      cookie: admin.cookie,
      payload: {
        name,
        specialtyId,
        doctorIds: [],
        durationMinutes: 30,
        priceCents: 6000,
        vat: 'exenta',
        bookableOnline: true,
        active: true,
      },
    });
  firstVisit = (await service('Primera visita')).json().id;
  review = (await service('Revisión')).json().id;
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

const input = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sanitas',
  taxId: 'a-28037042',
  address: 'Calle Ribera del Loira 52, 28042 Madrid',
  requiresAuthorization: true,
  copayCents: 500,
  active: true,
  ...overrides,
});
const send = (method: 'POST' | 'PUT', url: string, payload?: object, cookie = admin.cookie) =>
  t.request({ method, url, payload, cookie });
const auditOf = (id: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'insurer'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.at);

describe('«Aseguradoras»', () => {
  it('creates an insurer with its CIF normalised, and a doctor reads the list', async () => {
    const created = await send('POST', '/api/insurers', input());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Sanitas',
      taxId: 'A28037042',
      requiresAuthorization: true,
      copayCents: 500,
      active: true,
      tariffs: [],
      patientCount: 0,
    });
    const list = await t.request({ url: '/api/insurers', cookie: doctor.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((insurer: { name: string }) => insurer.name)).toContain('Sanitas');
    expect((await send('POST', '/api/insurers', input({ name: 'Otra' }), doctor.cookie)).statusCode).toBe(403);
    const [entry] = await auditOf(created.json().id);
    expect(entry).toMatchObject({ action: 'create', details: { taxId: 'A28037042', copayCents: 500 } });
  });

  it('refuses, in Spanish and on the field, a bad CIF, a fractional copay and a second insurer of the same name', async () => {
    const badCif = await send('POST', '/api/insurers', input({ name: 'Mapfre', taxId: 'A28037043' }));
    expect(badCif.statusCode).toBe(400);
    expect(badCif.json().error.fields).toEqual({ taxId: 'El carácter de control del NIF no corresponde' });
    const noCif = await send('POST', '/api/insurers', input({ name: 'Mapfre', taxId: '  ' }));
    expect(noCif.json().error.fields).toEqual({ taxId: 'Escribe el CIF de la aseguradora' });
    const copay = await send('POST', '/api/insurers', input({ name: 'Mapfre', copayCents: 2.5 }));
    expect(copay.json().error.fields).toEqual({ copayCents: 'El copago se indica en céntimos enteros' });
    const duplicate = await send('POST', '/api/insurers', input({ name: 'SANITAS' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.fields).toEqual({ name: 'Ya existe una aseguradora con ese nombre' });
  });

  it('edits and deactivates an insurer, keeping in the audit what changed', async () => {
    const created = (
      await send('POST', '/api/insurers', input({ name: 'Mutua del Norte', taxId: 'G28333334' }))
    ).json();
    clock.freeze('2026-11-03T10:00:00+01:00');
    const changed = await send(
      'PUT',
      `/api/insurers/${created.id}`,
      input({ name: 'Mutua del Norte', taxId: 'G28333334', copayCents: null, active: false }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ copayCents: null, active: false });
    const entries = await auditOf(created.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'update',
      details: { copayCents: { before: 500, after: null }, active: { before: true, after: false } },
    });
    const missing = await send('PUT', '/api/insurers/00000000-0000-4000-8000-000000000000', input({ name: 'Nadie' }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Aseguradora no encontrada');
  });

  it('sets the tariff per service, a price or «no cubierto», replacing the last one', async () => {
    const insurer = (await send('POST', '/api/insurers', input({ name: 'Asisa', taxId: 'A28111110' }))).json();
    const first = await send('PUT', `/api/insurers/${insurer.id}/tariffs`, {
      tariffs: [
        { serviceId: firstVisit, priceCents: 3200 },
        { serviceId: review, priceCents: null },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().tariffs).toHaveLength(2);
    expect(first.json().tariffs).toEqual(
      expect.arrayContaining([
        { serviceId: firstVisit, priceCents: 3200 },
        { serviceId: review, priceCents: null },
      ]),
    );
    clock.freeze('2026-11-04T10:00:00+01:00');
    const second = await send('PUT', `/api/insurers/${insurer.id}/tariffs`, {
      tariffs: [{ serviceId: firstVisit, priceCents: 3500 }],
    });
    expect(second.json().tariffs).toEqual([{ serviceId: firstVisit, priceCents: 3500 }]);
    const entries = await auditOf(insurer.id);
    expect(entries.at(-1)?.details).toEqual({
      tariffs: {
        [firstVisit]: { before: 3200, after: 3500 },
        [review]: { before: 'no cubierto', after: 'sin tarifa' },
      },
    });
  });

  it('refuses a tariff for an unknown service, a negative price and a service twice', async () => {
    const insurer = (await send('POST', '/api/insurers', input({ name: 'DKV', taxId: 'A81111114' }))).json();
    const url = `/api/insurers/${insurer.id}/tariffs`;
    const unknown = await send('PUT', url, {
      tariffs: [{ serviceId: '00000000-0000-4000-8000-000000000000', priceCents: 100 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ tariffs: 'Uno de los servicios ya no existe' });
    const negative = await send('PUT', url, { tariffs: [{ serviceId: review, priceCents: -5 }] });
    expect(negative.statusCode).toBe(400);
    expect(Object.values(negative.json().error.fields)).toEqual(['El importe no puede ser negativo']);
    const twice = await send('PUT', url, {
      tariffs: [
        { serviceId: review, priceCents: 100 },
        { serviceId: review, priceCents: null },
      ],
    });
    expect(twice.json().error.fields).toEqual({ tariffs: 'Cada servicio puede tener una sola tarifa' });
    expect((await t.request({ url: '/api/insurers', cookie: admin.cookie })).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'DKV', tariffs: [] })]),
    );
  });
});

describe('what a change of tariff did', () => {
  it('names each service whose tariff changed, and only those', () => {
    expect(
      tariffChanges(
        [
          { serviceId: 'a', priceCents: 100 },
          { serviceId: 'b', priceCents: null },
        ],
        [
          { serviceId: 'a', priceCents: 100 },
          { serviceId: 'c', priceCents: 0 },
        ],
      ),
    ).toEqual({ b: { before: 'no cubierto', after: 'sin tarifa' }, c: { before: 'sin tarifa', after: 0 } });
  });
});
