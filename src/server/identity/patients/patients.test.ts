import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookieOf, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, insertAppointment, validPatient } from '../../test/fixtures';

let t: TestApp;
let admin: { id: string; cookie: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/patients', cookie: admin.cookie, payload });
const search = (q: string, cookie = admin.cookie, extra = '') =>
  t.request({ method: 'GET', url: `/api/patients?q=${encodeURIComponent(q)}${extra}`, cookie });
const names = (response: { json(): { items: { firstName: string; lastName: string }[] } }) =>
  response.json().items.map((item) => `${item.firstName} ${item.lastName}`);

describe('patient records', () => {
  it('creates a full record with the consent time and channel', async () => {
    const response = await create(validPatient({ documentNumber: '00000001R', email: 'lucia@prueba.test' }));
    expect(response.statusCode).toBe(201);
    const patient = response.json();
    expect(patient).toMatchObject({
      firstName: 'Lucía',
      lastName: 'Pérez García',
      documentType: 'dni',
      documentNumber: '00000001R',
      allergies: 'Penicilina',
      privacyConsentChannel: 'presencial',
      hasAccount: false,
    });
    expect(Date.now() - Date.parse(patient.privacyConsentAt)).toBeLessThan(60_000);
  });

  it('checks DNI and NIE control letters, and normalises the number', async () => {
    const wrongLetter = await create(validPatient({ documentNumber: '12345678A' }));
    expect(wrongLetter.statusCode).toBe(400);
    expect(wrongLetter.json().error.fields.documentNumber).toBe('La letra del DNI no corresponde a sus números');
    const badNie = await create(validPatient({ documentType: 'nie', documentNumber: 'X1234567A' }));
    expect(badNie.json().error.fields.documentNumber).toBe('La letra del NIE no corresponde a sus números');
    const goodNie = await create(
      validPatient({ documentType: 'nie', documentNumber: 'x-1234567-l', firstName: 'Nie' }),
    );
    expect(goodNie.statusCode).toBe(201);
    expect(goodNie.json().documentNumber).toBe('X1234567L');
    const passport = await create(
      validPatient({ documentType: 'pasaporte', documentNumber: 'PAA123456', firstName: 'Pass' }),
    );
    expect(passport.statusCode).toBe(201);
  });

  it('refuses a duplicate document pointing to the existing record', async () => {
    const first = await create(validPatient({ documentNumber: '00000002W', firstName: 'Ana', lastName: 'Gómez' }));
    const second = await create(validPatient({ documentNumber: '00000002-w', firstName: 'Otra', lastName: 'Persona' }));
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      'Ya existe un paciente con ese documento: Ana Gómez. Abre su ficha en lugar de crear otra.',
    );
    expect(second.json().error.meta).toEqual({ existingId: first.json().id, existingName: 'Ana Gómez' });
    const other = await create(validPatient({ documentNumber: '00000003A', firstName: 'Tercera' }));
    const update = await t.request({
      method: 'PATCH',
      url: `/api/patients/${other.json().id}`,
      cookie: admin.cookie,
      payload: { documentType: 'dni', documentNumber: '00000002W' },
    });
    expect(update.statusCode).toBe(409);
  });

  it('may exist without a document; birth dates in the future are refused', async () => {
    const phoneBooking = await create(
      validPatient({ documentType: null, documentNumber: null, firstName: 'Sin', lastName: 'Documento' }),
    );
    expect(phoneBooking.statusCode).toBe(201);
    const future = await create(validPatient({ documentType: null, documentNumber: null, birthDate: '2999-01-01' }));
    expect(future.json().error.fields.birthDate).toBe('La fecha de nacimiento no puede ser futura');
    const yearNine = await create(validPatient({ documentType: null, documentNumber: null, birthDate: '9999-12-31' }));
    expect(yearNine.json().error.fields.birthDate).toBe('La fecha de nacimiento no puede ser futura');
    const yearZero = await create(validPatient({ documentType: null, documentNumber: null, birthDate: '0000-01-01' }));
    expect(yearZero.json().error.fields.birthDate).toBe('La fecha de nacimiento no puede ser anterior a 1900');
  });

  it('edits a record, keeping the consent time when it is given again', async () => {
    const created = (await create(validPatient({ documentNumber: '00000004G' }))).json();
    const response = await t.request({
      method: 'PATCH',
      url: `/api/patients/${created.id}`,
      cookie: admin.cookie,
      payload: {
        phone: '+34 699 999 999',
        notes: 'Prefiere tardes',
        privacyConsent: true,
        privacyConsentChannel: 'papel',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      phone: '+34 699 999 999',
      notes: 'Prefiere tardes',
      privacyConsentAt: created.privacyConsentAt,
    });
    const withdrawn = await t.request({
      method: 'PATCH',
      url: `/api/patients/${created.id}`,
      cookie: admin.cookie,
      payload: { privacyConsent: false },
    });
    expect(withdrawn.json()).toMatchObject({ privacyConsentAt: null, privacyConsentChannel: null });
  });
});

describe('search', () => {
  beforeAll(async () => {
    await create(
      validPatient({
        firstName: 'José',
        lastName: 'García López',
        documentNumber: '11111111H',
        phone: '+34 611 222 333',
        email: 'jose.garcia@correo.test',
      }),
    );
    await create(
      validPatient({
        firstName: 'María',
        lastName: 'Núñez Peña',
        documentNumber: '22222222J',
        phone: '600 700 800',
        email: '',
      }),
    );
    await create(
      validPatient({
        firstName: 'Ángel',
        lastName: 'Pérez Ortiz',
        documentNumber: '33333333P',
        phone: '',
        email: 'angel@correo.test',
      }),
    );
  });

  it('ignores accents and case: «perez» finds Pérez, «garcia lopez» finds García López', async () => {
    expect(names(await search('perez'))).toEqual(expect.arrayContaining(['Ángel Pérez Ortiz']));
    expect(names(await search('garcia lopez'))).toEqual(['José García López']);
    expect(names(await search('GARCÍA'))).toEqual(expect.arrayContaining(['José García López']));
    expect(names(await search('nunez pena'))).toEqual(['María Núñez Peña']);
    expect(names(await search('angel'))).toEqual(['Ángel Pérez Ortiz']);
  });

  it('finds by document, phone digits and e-mail', async () => {
    expect(names(await search('11111111h'))).toEqual(['José García López']);
    expect(names(await search('600700800'))).toEqual(['María Núñez Peña']);
    expect(names(await search('600 700 800'))).toEqual(['María Núñez Peña']);
    expect(names(await search('angel@correo'))).toEqual(['Ángel Pérez Ortiz']);
    expect((await search('zzzz-nadie')).json()).toMatchObject({ items: [], total: 0 });
  });

  it('paginates and sorts by surnames', async () => {
    const firstPage = await t.request({ method: 'GET', url: '/api/patients?pageSize=2&page=1', cookie: admin.cookie });
    const body = firstPage.json();
    expect(body.items).toHaveLength(2);
    expect(body.total).toBeGreaterThan(4);
    const all = await t.request({ method: 'GET', url: '/api/patients?pageSize=100', cookie: admin.cookie });
    const surnames = all.json().items.map((item: { lastName: string }) =>
      item.lastName
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase(),
    );
    expect(surnames).toEqual([...surnames].sort());
    const bad = await t.request({ method: 'GET', url: '/api/patients?pageSize=1000', cookie: admin.cookie });
    expect(bad.statusCode).toBe(400);
  });
});

describe('access', () => {
  it('a doctor lists and reads only their patients; others answer 404 and never appear', async () => {
    const doctorA = await createDoctor(t, admin.cookie);
    const doctorB = await createDoctor(t, admin.cookie);
    const mine = (
      await create(validPatient({ documentNumber: '44444444A', firstName: 'Paciente', lastName: 'DeA Único' }))
    ).json();
    const theirs = (
      await create(validPatient({ documentNumber: '55555555K', firstName: 'Paciente', lastName: 'DeB Único' }))
    ).json();
    const cancelledOnly = (
      await create(validPatient({ documentNumber: '66666666Q', firstName: 'Paciente', lastName: 'Cancelada Único' }))
    ).json();
    await insertAppointment(t, {
      patientId: mine.id,
      doctorId: doctorA.id,
      startsAt: new Date('2026-01-10T09:00:00Z'),
    });
    await insertAppointment(t, {
      patientId: theirs.id,
      doctorId: doctorB.id,
      startsAt: new Date('2026-01-10T09:00:00Z'),
    });
    await insertAppointment(t, {
      patientId: cancelledOnly.id,
      doctorId: doctorA.id,
      startsAt: new Date('2026-01-11T09:00:00Z'),
      status: 'cancelada',
    });

    const cookieA = await t.signIn(doctorA.email, TEST_PASSWORD).catch(async () => {
      // Doctors are invited without a password: give one for the test.
      const { hashPassword } = await import('../auth/passwords');
      await t.write(async (tx) =>
        t.deps.repos.auth.updateAccount(doctorA.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
      );
      return t.signIn(doctorA.email, TEST_PASSWORD);
    });
    const list = await t.request({ method: 'GET', url: '/api/patients?q=unico', cookie: cookieA });
    expect(list.statusCode).toBe(200);
    expect(names(list)).toEqual(['Paciente DeA Único']);
    expect(list.json().total).toBe(1);
    expect((await t.request({ method: 'GET', url: `/api/patients/${mine.id}`, cookie: cookieA })).statusCode).toBe(200);
    const other = await t.request({ method: 'GET', url: `/api/patients/${theirs.id}`, cookie: cookieA });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('Paciente no encontrado');
    expect(
      (await t.request({ method: 'GET', url: `/api/patients/${cancelledOnly.id}`, cookie: cookieA })).statusCode,
    ).toBe(404);
    const write = await t.request({
      method: 'PATCH',
      url: `/api/patients/${mine.id}`,
      cookie: cookieA,
      payload: { notes: 'x' },
    });
    expect(write.statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: '/api/patients', cookie: cookieA, payload: validPatient() })).statusCode,
    ).toBe(403);
  });

  it('a paciente reads only their own record; lists and others are refused', async () => {
    const someone = (await create(validPatient({ documentNumber: '77777777B', firstName: 'Ajeno' }))).json();
    const patient = await t.createUser({ role: 'paciente', displayName: 'Carmen Vidal Soler' });
    const own = await t.request({ method: 'GET', url: '/api/me/patient', cookie: patient.cookie });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ firstName: 'Carmen', lastName: 'Vidal Soler', hasAccount: true });
    expect(
      (await t.request({ method: 'GET', url: `/api/patients/${own.json().id}`, cookie: patient.cookie })).statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/api/patients/${someone.id}`, cookie: patient.cookie })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/patients', cookie: patient.cookie })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/patients' })).statusCode).toBe(401);
  });

  it('every read and change is in the audit log, which nobody can edit', async () => {
    const created = (await create(validPatient({ documentNumber: '88888888Y' }))).json();
    await t.request({ method: 'GET', url: `/api/patients/${created.id}`, cookie: admin.cookie });
    const entries = await t.deps.repos.audit.listForPatient(created.id);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['create', 'read']);
    expect(entries[0]!.actorId).toBe(admin.id);
    const { sql } = await import('drizzle-orm');
    await expect(t.database.db.execute(sql`UPDATE audit_log SET action = 'nada'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
  });
});

describe('linking a record to an account', () => {
  it('does not link the record with the same e-mail at sign-up: it waits for the proof, and no duplicate is made', async () => {
    await create(
      validPatient({
        documentNumber: '99999999R',
        firstName: 'Rosa',
        lastName: 'Martín',
        email: 'rosa.martin@prueba.test',
      }),
    );
    const signUp = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'Rosa.Martin@prueba.test', password: TEST_PASSWORD, displayName: 'Rosa Martín' },
    });
    expect(signUp.statusCode).toBe(201);
    const mine = await t.request({ method: 'GET', url: '/api/me/patient', cookie: sessionCookieOf(signUp) });
    expect(mine.statusCode).toBe(409);
    expect(mine.json().error.code).toBe('RECORD_NOT_CONFIRMED');
    expect(mine.body).not.toContain('99999999R');
    const found = await search('rosa martin');
    expect(found.json().total).toBe(1);
    expect(found.json().items[0].hasAccount).toBe(false);
  });

  it('links on sign-in too, for an account made before the record', async () => {
    const user = await t.createUser({ role: 'paciente', email: 'previo@prueba.test', displayName: 'Pablo Previo' });
    // createUser signed in already, which made a record; a second record by e-mail must not appear.
    await t.signIn(user.email);
    const found = await search('previo@prueba.test');
    expect(found.json().total).toBe(1);
    expect(found.json().items[0].hasAccount).toBe(true);
  });
});
