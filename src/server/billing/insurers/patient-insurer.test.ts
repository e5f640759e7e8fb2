import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../platform/db/client';
import { insurers, patients } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createPatientRecord, validPatient } from '../../test/fixtures';
import { clock } from '../../platform/clock';

let t: TestApp;
let admin: { cookie: string };
let sanitas: string;
let retired: string;

const insurerInput = (name: string, taxId: string, active = true) => ({
  name,
  taxId,
  address: 'Calle Mayor 1, 28013 Madrid',
  requiresAuthorization: false,
  copayCents: null,
  active,
});

beforeAll(async () => {
  clock.freeze('2026-11-02T09:00:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const create = (payload: object) =>
    t.request({ method: 'POST', url: '/api/insurers', cookie: admin.cookie, payload });
  sanitas = (await create(insurerInput('Sanitas', 'A28037042'))).json().id;
  retired = (await create(insurerInput('Vieja Mutua', 'G28333334', false))).json().id;
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('the patient’s insurer', () => {
  it('keeps on her record the insurer chosen, her policy, card number and card expiry, with its name', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: admin.cookie,
      payload: validPatient({ insurerId: sanitas, cardNumber: '0012 3456', cardExpiry: '2026-10-31' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      insurerId: sanitas,
      insurer: 'Sanitas',
      policyNumber: 'POL-1',
      cardNumber: '0012 3456',
      cardExpiry: '2026-10-31',
    });
    const privately = await t.request({
      method: 'PATCH',
      url: `/api/patients/${created.json().id}`,
      cookie: admin.cookie,
      payload: { insurerId: null },
    });
    expect(privately.json()).toMatchObject({ insurerId: null, insurer: '' });
  });

  it('refuses an unknown or deactivated insurer, and keeps one deactivated after she had it', async () => {
    const unknown = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: admin.cookie,
      payload: validPatient({ documentNumber: '00000000T', insurerId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ insurerId: 'Elige una aseguradora activa de la lista' });
    const record = await createPatientRecord(t, { firstName: 'Olga', lastName: 'Antigua', insurerId: retired });
    const inactive = await t.request({
      method: 'PATCH',
      url: `/api/patients/${record.id}`,
      cookie: admin.cookie,
      payload: { insurerId: sanitas },
    });
    expect(inactive.json().insurer).toBe('Sanitas');
    const back = await t.request({
      method: 'PATCH',
      url: `/api/patients/${record.id}`,
      cookie: admin.cookie,
      payload: { insurerId: retired },
    });
    expect(back.json().error.fields).toEqual({ insurerId: 'Elige una aseguradora activa de la lista' });
    const kept = await t.request({
      method: 'PATCH',
      url: `/api/patients/${record.id}`,
      cookie: admin.cookie,
      payload: { policyNumber: 'NUEVA-1' },
    });
    expect(kept.statusCode).toBe(200);
    const badDate = await t.request({
      method: 'PATCH',
      url: `/api/patients/${record.id}`,
      cookie: admin.cookie,
      payload: { cardExpiry: '31/12/2027' },
    });
    expect(badDate.json().error.fields).toEqual({ cardExpiry: 'Escribe la caducidad de la tarjeta como AAAA-MM-DD' });
  });

  it('renaming an insurer renames it on the records that name it', async () => {
    const record = await createPatientRecord(t, { firstName: 'Rita', lastName: 'Renombrada', insurerId: sanitas });
    expect(record.insurer).toBe('Sanitas');
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/insurers/${sanitas}`,
      cookie: admin.cookie,
      payload: insurerInput('Sanitas Seguros', 'A28037042'),
    });
    expect(renamed.json().patientCount).toBeGreaterThan(0);
    const [row] = await t.database.db.select().from(patients).where(eq(patients.id, record.id));
    expect(row?.insurer).toBe('Sanitas Seguros');
  });
});

describe('migration 0046: the free text of before', () => {
  it('matches an existing insurer by name (case and spaces aside), and makes one of any other name', async () => {
    const migration = fs.readFileSync(path.join(migrationsFolder, '0046_insurers.sql'), 'utf8');
    const [makeInsurers, linkPatients] = migration.split('--> statement-breakpoint').slice(-2);
    const legacy = async (insurer: string) => {
      const record = await createPatientRecord(t, { firstName: 'Texto', lastName: insurer || 'Privado' });
      await t.database.db.update(patients).set({ insurer }).where(eq(patients.id, record.id));
      return record.id;
    };
    const known = await legacy('  vieja MUTUA ');
    const fresh = [await legacy('Adeslas'), await legacy('adeslas')];
    const none = await legacy('');
    await t.database.db.execute(sql.raw(makeInsurers!));
    await t.database.db.execute(sql.raw(linkPatients!));

    const insurerOf = async (id: string) =>
      (await t.database.db.select().from(patients).where(eq(patients.id, id)))[0]!.insurerId;
    expect(await insurerOf(known)).toBe(retired);
    const adeslas = await t.database.db
      .select()
      .from(insurers)
      .where(sql`lower(${insurers.name}) = 'adeslas'`);
    expect(adeslas).toHaveLength(1);
    expect(adeslas[0]).toMatchObject({ name: 'Adeslas', taxId: null, active: true });
    expect([await insurerOf(fresh[0]!), await insurerOf(fresh[1]!)]).toEqual([adeslas[0]!.id, adeslas[0]!.id]);
    expect(await insurerOf(none)).toBeNull();
  });
});
