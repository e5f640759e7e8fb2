import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/messages';
import { buildTestApp, type TestApp } from '../../test/app';
import { withAuditEntries } from '../../test/audit';
import { createPatientRecord } from '../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('the paciente edits the contact data of her record', () => {
  it('phone, e-mail and address change on her record, audited; nothing else may be sent', async () => {
    const me = await t.createUser({ role: 'paciente', displayName: 'Rosa Contacto' });
    const { response, entries } = await withAuditEntries(t, {
      method: 'PATCH',
      url: '/api/me/patient/contact',
      cookie: me.cookie,
      payload: { phone: '+34 699 111 222', email: 'rosa.contacto@prueba.test', address: 'Calle del Pez 3, Madrid' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      phone: '+34 699 111 222',
      email: 'rosa.contacto@prueba.test',
      address: 'Calle del Pez 3, Madrid',
    });
    const record = await t.deps.repos.patients.findByAccount(me.id);
    expect(record?.address).toBe('Calle del Pez 3, Madrid');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'update', entity: 'patient', patientId: record!.id, actorId: me.id });

    const allergies = await t.request({
      method: 'PATCH',
      url: '/api/me/patient/contact',
      cookie: me.cookie,
      payload: { allergies: 'Ninguna' },
    });
    expect(allergies.statusCode).toBe(400);
    const badPhone = await t.request({
      method: 'PATCH',
      url: '/api/me/patient/contact',
      cookie: me.cookie,
      payload: { phone: 'llámame' },
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.fields.phone).toMatch(/teléfono válido/);
  });

  it('her phone is one: the record’s phone she saves is also her account profile’s (booking pre-fill)', async () => {
    const me = await t.createUser({ role: 'paciente', displayName: 'Sara Telefono' });
    await t.request({
      method: 'PATCH',
      url: '/api/me/patient/contact',
      cookie: me.cookie,
      payload: { address: 'Calle Mayor 1' },
    });
    const response = await t.request({
      method: 'PATCH',
      url: '/api/me/patient/contact',
      cookie: me.cookie,
      payload: { phone: '+34 611 222 333' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const profile = await t.request({ method: 'GET', url: '/api/profile', cookie: me.cookie });
    expect(profile.json().phone).toBe('+34 611 222 333');
    const record = await t.deps.repos.patients.findByAccount(me.id);
    expect(record?.phone).toBe('+34 611 222 333');
  });

  it('before the record is confirmed: 409 RECORD_NOT_CONFIRMED and the record unchanged', async () => {
    const record = await createPatientRecord(t, {
      firstName: 'Paz',
      lastName: 'Pendiente',
      email: 'paz.pendiente@prueba.test',
      phone: '',
    });
    const pending = await t.createUser({
      role: 'paciente',
      email: 'paz.pendiente@prueba.test',
      displayName: 'Paz Pendiente',
    });
    const response = await t.request({
      method: 'PATCH',
      url: '/api/me/patient/contact',
      cookie: pending.cookie,
      payload: { address: 'Otra calle' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'RECORD_NOT_CONFIRMED',
      message: ERROR_CODES.RECORD_NOT_CONFIRMED,
    });
    expect((await t.deps.repos.patients.findById(record.id))?.address).toBe('');
  });
});
