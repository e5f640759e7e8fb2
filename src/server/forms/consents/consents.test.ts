import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, consentTemplateVersions } from '../../platform/db/schema';
import { pgErrorCode } from '../../platform/errors';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor } from '../../test/fixtures';

let t: TestApp;
let admin: { id: string; cookie: string };
let serviceId: string;
let otherServiceId: string;
let inactiveServiceId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const { specialtyId } = await createDoctor(t, admin.cookie);
  const service = async (name: string, active = true) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/services',
        cookie: admin.cookie,
        payload: {
          name,
          specialtyId,
          doctorIds: [],
          durationMinutes: 20,
          priceCents: 9000,
          vat: 'exenta',
          bookableOnline: false,
          active,
        },
      })
    ).json().id as string;
  serviceId = await service('Infiltración');
  otherServiceId = await service('Infiltración ecoguiada');
  inactiveServiceId = await service('Mesoterapia', false);
});
afterAll(() => t.close());

const input = (overrides: Record<string, unknown> = {}) => ({
  title: 'Consentimiento informado para infiltración',
  serviceIds: [serviceId],
  body: '## Qué es\n\nUna **infiltración** es la inyección de un medicamento en la articulación.',
  consequences: '',
  risks: '- Dolor en la zona\n- Infección (rara)',
  alternatives: 'Tratamiento con *fisioterapia*.',
  ...overrides,
});
const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.request({ method, url, payload, cookie: admin.cookie });
const create = async (overrides: Record<string, unknown> = {}) => {
  const created = await send('POST', '/api/consent-templates', input(overrides));
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
};

describe('«Consentimientos»: plantillas versionadas', () => {
  it('creates a template with its version 1, published, and lists it with its current version and services', async () => {
    const created = await create();
    expect(created).toMatchObject({
      title: 'Consentimiento informado para infiltración',
      state: 'activa',
      currentVersion: 1,
      services: [{ id: serviceId, name: 'Infiltración' }],
    });
    expect(created.versions).toHaveLength(1);
    expect(created.versions[0]).toMatchObject({ number: 1, risks: '- Dolor en la zona\n- Infección (rara)' });
    expect(created.versions[0].publishedAt).toEqual(expect.any(String));
    const list = (await t.request({ url: '/api/consent-templates', cookie: admin.cookie })).json();
    expect(list.find((row: { id: string }) => row.id === created.id)).toMatchObject({ currentVersion: 1 });
  });

  it('publishes a change as the next version and keeps the earlier one as it was published', async () => {
    const created = await create({ title: 'Consentimiento para infiltración de rodilla' });
    const v2 = await send(
      'POST',
      `/api/consent-templates/${created.id}/versions`,
      input({
        title: 'Consentimiento para infiltración de rodilla',
        serviceIds: [serviceId, otherServiceId],
        risks: '- Dolor en la zona\n- Infección (rara)\n- Reacción alérgica',
      }),
    );
    expect(v2.statusCode, v2.body).toBe(201);
    const body = v2.json();
    expect(body.currentVersion).toBe(2);
    expect(body.versions.map((version: { number: number }) => version.number)).toEqual([2, 1]);
    expect(body.services.map((service: { name: string }) => service.name)).toEqual([
      'Infiltración',
      'Infiltración ecoguiada',
    ]);
    expect(body.versions[1]).toMatchObject({ risks: '- Dolor en la zona\n- Infección (rara)' });
    expect(body.versions[1].services.map((service: { id: string }) => service.id)).toEqual([serviceId]);

    // The same text again is no new version.
    const same = await send(
      'POST',
      `/api/consent-templates/${created.id}/versions`,
      input({
        title: 'Consentimiento para infiltración de rodilla',
        serviceIds: [otherServiceId, serviceId],
        risks: '- Dolor en la zona\n- Infección (rara)\n- Reacción alérgica',
      }),
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe(
      'No hay cambios respecto a la versión 2: cambia el texto, el título o los servicios.',
    );
  });

  it('never changes a published version, not even by SQL straight to the database', async () => {
    const created = await create({ title: 'Consentimiento inmutable' });
    const versionId: string = created.versions[0].id;
    const refused = async (statement: Promise<unknown>) => {
      const error = await statement.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(pgErrorCode(error)).toBe('23000');
    };
    await refused(
      t.database.db
        .update(consentTemplateVersions)
        .set({ risks: 'Ninguno' })
        .where(eq(consentTemplateVersions.id, versionId)),
    );
    await refused(t.database.db.delete(consentTemplateVersions).where(eq(consentTemplateVersions.id, versionId)));
    await refused(
      t.database.db.execute(sql`DELETE FROM consent_template_version_services WHERE version_id = ${versionId}`),
    );
    await refused(
      t.database.db.execute(
        sql`UPDATE consent_template_version_services SET service_id = ${otherServiceId} WHERE version_id = ${versionId}`,
      ),
    );
    const after = (await t.request({ url: `/api/consent-templates/${created.id}`, cookie: admin.cookie })).json();
    expect(after.versions[0]).toMatchObject({
      risks: created.versions[0].risks,
      services: created.versions[0].services,
    });
  });

  it('refuses, in Spanish and on the field, a missing title, body or risks section and services that are not active', async () => {
    const refused = await send(
      'POST',
      '/api/consent-templates',
      input({ title: ' ', body: '', risks: '   ', serviceIds: [] }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      title: 'El título debe tener al menos 3 caracteres',
      body: 'Escribe la descripción del procedimiento',
      risks: 'Escribe los riesgos',
      serviceIds: 'Elige al menos un servicio al que se aplique',
    });
    const missing = await send('POST', '/api/consent-templates', { serviceIds: [serviceId] });
    expect(missing.json().error.fields).toMatchObject({
      title: 'Escribe el título del consentimiento',
      body: 'Escribe la descripción del procedimiento',
      risks: 'Escribe los riesgos',
    });
    const inactive = await send('POST', '/api/consent-templates', input({ serviceIds: [inactiveServiceId] }));
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().error.fields).toEqual({ serviceIds: 'Elige servicios activos de la lista' });
    const unknown = await send(
      'POST',
      '/api/consent-templates',
      input({ serviceIds: ['00000000-0000-4000-8000-000000000000'] }),
    );
    expect(unknown.json().error.fields).toEqual({ serviceIds: 'Elige servicios activos de la lista' });
    const notFound = await send(
      'POST',
      '/api/consent-templates/00000000-0000-4000-8000-000000000000/versions',
      input(),
    );
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().error.message).toBe('Plantilla de consentimiento no encontrada');
  });

  it('archives and brings back a template; an archived one publishes nothing new', async () => {
    const created = await create({ title: 'Consentimiento archivable' });
    const archived = await send('PUT', `/api/consent-templates/${created.id}/state`, { state: 'archivada' });
    expect(archived.json()).toMatchObject({ state: 'archivada' });
    const refused = await send(
      'POST',
      `/api/consent-templates/${created.id}/versions`,
      input({ title: 'Otro título' }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'La plantilla está archivada: reactívala para publicar una versión nueva.',
    );
    const back = await send('PUT', `/api/consent-templates/${created.id}/state`, { state: 'activa' });
    expect(back.json()).toMatchObject({ state: 'activa' });
    const bad = await send('PUT', `/api/consent-templates/${created.id}/state`, { state: 'borrada' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ state: 'Indica si la plantilla está activa o archivada' });
  });

  it('audits every change: creation, each publication and each change of state', async () => {
    const created = await create({ title: 'Consentimiento auditado' });
    await send(
      'POST',
      `/api/consent-templates/${created.id}/versions`,
      input({ title: 'Consentimiento auditado (v2)' }),
    );
    await send('PUT', `/api/consent-templates/${created.id}/state`, { state: 'archivada' });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'consent_template'), eq(auditLog.entityId, created.id)))
      .orderBy(auditLog.at, auditLog.id);
    expect(entries.map((entry) => [entry.action, entry.actorId, entry.details])).toEqual([
      ['create', admin.id, { version: 1, services: 1 }],
      ['publish', admin.id, { version: 2, previous: 1 }],
      ['status', admin.id, { before: 'activa', after: 'archivada' }],
    ]);
  });

  it('lets only admins in: a doctor and a paciente are refused, a visitor asked to sign in', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    const paciente = await t.createUser({ role: 'paciente' });
    for (const [cookie, status] of [
      [doctor.cookie, 403],
      [paciente.cookie, 403],
      [undefined, 401],
    ] as const) {
      expect((await t.request({ url: '/api/consent-templates', cookie })).statusCode).toBe(status);
      const post = await t.request({ method: 'POST', url: '/api/consent-templates', payload: input(), cookie });
      expect(post.statusCode).toBe(status);
    }
  });

  it('keeps a service a consent names from being deleted: it is deactivated instead', async () => {
    const refused = await t.request({ method: 'DELETE', url: `/api/services/${serviceId}`, cookie: admin.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'No se puede borrar: lo nombra una plantilla de consentimiento informado. Desactívalo para que no se pueda reservar más.',
    );
  });
});
