import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/messages';
import { clock } from '../../platform/clock';
import { buildTestApp, type TestApp } from '../../test/app';
import { withAuditEntries } from '../../test/audit';
import { createDoctor, insertAppointment, createPatientRecord } from '../../test/fixtures';
import { pdfText, readZip } from '../../test/zip';
import { TEST_PASSWORD } from '../../test/app';
import { hashPassword } from '../../identity/auth/passwords';
import { multipartUpload, samplePdf } from '../files/sample-files';

let t: TestApp;
beforeAll(async () => {
  clock.freeze('2026-03-02T09:00:00+01:00');
  t = await buildTestApp();
});
afterAll(async () => {
  clock.freeze(null);
  await t?.close();
});

describe('the patient downloads her data (GDPR art. 15)', () => {
  it('a ZIP with datos.json and resumen.pdf: her record and every appointment, nobody else’s, audited', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const doctor = await createDoctor(t, admin.cookie);
    const me = await t.createUser({ role: 'paciente', displayName: 'Marina Exportada' });
    const other = await t.createUser({ role: 'paciente', displayName: 'Olga Ajena' });
    const myRecord = (await t.request({ method: 'GET', url: '/api/me/patient', cookie: me.cookie })).json() as {
      id: string;
    };
    const otherRecord = (await t.request({ method: 'GET', url: '/api/me/patient', cookie: other.cookie })).json() as {
      id: string;
    };
    const attended = await insertAppointment(t, {
      patientId: myRecord.id,
      doctorId: doctor.id,
      startsAt: new Date('2026-03-03T10:00:00+01:00'),
    });
    const cancelled = await insertAppointment(t, {
      patientId: myRecord.id,
      doctorId: doctor.id,
      startsAt: new Date('2026-03-04T11:30:00+01:00'),
      status: 'cancelada',
    });
    const foreign = await insertAppointment(t, {
      patientId: otherRecord.id,
      doctorId: doctor.id,
      startsAt: new Date('2026-03-05T12:00:00+01:00'),
    });

    const { response, entries } = await withAuditEntries(t, {
      method: 'GET',
      url: '/api/me/data-export',
      cookie: me.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="mis-datos-2026-03-02.zip"');

    const files = await readZip(response.rawPayload);
    expect([...files.keys()].sort()).toEqual(['datos.json', 'resumen.pdf']);
    const json = files.get('datos.json')!.toString('utf8');
    const data = JSON.parse(json);
    expect(data).toMatchObject({
      version: 1,
      generatedAt: '2026-03-02T08:00:00.000Z',
      ficha: { id: myRecord.id, firstName: 'Marina' },
    });
    expect(data.citas.map((a: { id: string; status: string }) => [a.id, a.status])).toEqual([
      [attended.id, 'confirmada'],
      [cancelled.id, 'cancelada'],
    ]);
    for (const secret of [otherRecord.id, foreign.id, 'Olga', other.email]) expect(json).not.toContain(secret);

    const text = await pdfText(files.get('resumen.pdf')!);
    expect(text).toContain('Marina Exportada');
    expect(text).toContain('03/03/2026, 10:00');
    expect(text).toContain('Cancelada');
    expect(text).not.toContain('Olga');

    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'export', entity: 'patient', patientId: myRecord.id, actorId: me.id });
    expect(entries[0]!.details).toMatchObject({ kind: 'data_export' });
  });

  it('her treatments, prescriptions, the documents made visible to her (inside the ZIP) and her messages', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const doctor = await createDoctor(t, admin.cookie, { displayName: 'Dra. Sara Receta' });
    await t.write(async (tx) =>
      t.deps.repos.auth.updateAccount(doctor.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
    );
    const doctorCookie = await t.signIn(doctor.email);
    const me = await t.createUser({ role: 'paciente', displayName: 'Nuria Clínica' });
    const record = (await t.request({ method: 'GET', url: '/api/me/patient', cookie: me.cookie })).json() as {
      id: string;
    };
    await insertAppointment(t, {
      patientId: record.id,
      doctorId: doctor.id,
      startsAt: new Date('2026-03-01T10:00:00+01:00'),
    });
    const created = async (url: string, cookie: string, payload: Record<string, unknown>) => {
      const response = await t.request({ method: 'POST', url, cookie, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: string };
    };
    const treatment = await created('/api/treatments', doctorCookie, {
      patientId: record.id,
      title: 'Fisioterapia lumbar',
      startDate: '2026-03-02',
      sessionsPlanned: 8,
    });
    await created('/api/prescriptions', doctorCookie, {
      patientId: record.id,
      prescribedOn: '2026-03-02',
      diagnosis: 'Lumbalgia',
      medicines: [
        {
          medicine: 'Paracetamol 1 g comprimidos',
          dose: '1 comprimido',
          route: 'oral',
          frequency: 'cada 8 horas',
          duration: '5 días',
          quantity: '1 envase',
          instructions: '',
        },
      ],
    });
    const upload = async (name: string, visible: boolean) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/files',
        cookie: admin.cookie,
        ...multipartUpload(await samplePdf(name), name, {
          type: 'informes',
          patientId: record.id,
          visibleToPatient: String(visible),
        }),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: string };
    };
    const visible = await upload('informe-para-ti.pdf', true);
    await upload('nota-interna.pdf', false);
    const sent = await t.request({
      method: 'POST',
      url: '/api/me/messages',
      cookie: me.cookie,
      payload: { id: crypto.randomUUID(), body: '¿Puedo cambiar la sesión del jueves?' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // The desk invoices her a report.
    const issuer = {
      legalName: 'Clínica Exporta, S.L.',
      taxId: 'B12345674',
      address: 'Calle Mayor 1, Madrid',
      registry: '',
    };
    await t.request({ method: 'PUT', url: '/api/billing/issuer', cookie: admin.cookie, payload: issuer });
    const invoice = await created('/api/invoices', admin.cookie, {
      patientId: record.id,
      lines: [{ description: 'Informe médico para la mutua', quantity: 1, unitPriceCents: 4000, vat: 'exenta' }],
      kind: 'simplificada',
    });

    const response = await t.request({ method: 'GET', url: '/api/me/data-export', cookie: me.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const files = await readZip(response.rawPayload);
    const data = JSON.parse(files.get('datos.json')!.toString('utf8'));
    expect(data.tratamientos).toEqual([
      expect.objectContaining({ id: treatment.id, title: 'Fisioterapia lumbar', sessionsPlanned: 8, sessionsDone: 0 }),
    ]);
    expect(data.recetas).toEqual([expect.objectContaining({ diagnosis: 'Lumbalgia', doctorName: 'Dra. Sara Receta' })]);
    // Only the visible document, listed without its contents, which travel as a file of the ZIP.
    expect(data.documentos).toEqual([expect.objectContaining({ id: visible.id, name: 'informe-para-ti.pdf' })]);
    expect(data.documentos[0]).not.toHaveProperty('content');
    expect(await pdfText(files.get(data.documentos[0].path)!)).toContain('informe-para-ti.pdf');
    expect([...files.keys()].filter((name) => name.startsWith('documentos/'))).toEqual([data.documentos[0].path]);
    expect(data.mensajes).toEqual([
      expect.objectContaining({ from: 'Paciente', text: '¿Puedo cambiar la sesión del jueves?' }),
    ]);
    expect(invoice.id).toBeTruthy();
    expect(data.facturas).toEqual([
      expect.objectContaining({
        state: 'emitida',
        totalCents: 4000,
        lines: [expect.objectContaining({ description: 'Informe médico para la mutua' })],
      }),
    ]);

    const text = await pdfText(files.get('resumen.pdf')!);
    for (const expected of [
      'Fisioterapia lumbar',
      'Paracetamol 1 g comprimidos',
      'informe-para-ti.pdf',
      '¿Puedo cambiar la sesión del jueves?',
      'Informe médico para la mutua: 40,00 €',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('nota-interna.pdf');
  });

  it('her signed clinical notes with reason, examination, diagnosis, plan, addenda, date and doctor; drafts and others’ notes stay out', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const doctor = await createDoctor(t, admin.cookie, { displayName: 'Dra. Elena Nota' });
    await t.write(async (tx) =>
      t.deps.repos.auth.updateAccount(doctor.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
    );
    const doctorCookie = await t.signIn(doctor.email);
    const me = await t.createUser({ role: 'paciente', displayName: 'Inés Acceso' });
    const other = await t.createUser({ role: 'paciente', displayName: 'Olivia Ajena' });
    const record = (await t.request({ method: 'GET', url: '/api/me/patient', cookie: me.cookie })).json() as {
      id: string;
    };
    const otherRecord = (await t.request({ method: 'GET', url: '/api/me/patient', cookie: other.cookie })).json() as {
      id: string;
    };
    const signedVisit = await insertAppointment(t, {
      patientId: record.id,
      doctorId: doctor.id,
      startsAt: new Date('2026-02-23T10:00:00+01:00'),
    });
    const draftVisit = await insertAppointment(t, {
      patientId: record.id,
      doctorId: doctor.id,
      startsAt: new Date('2026-02-25T10:00:00+01:00'),
    });
    const foreignVisit = await insertAppointment(t, {
      patientId: otherRecord.id,
      doctorId: doctor.id,
      startsAt: new Date('2026-02-24T10:00:00+01:00'),
    });
    const write = async (appointmentId: string, fields: Record<string, string>, sign: boolean) => {
      const saved = await t.request({
        method: 'PUT',
        url: `/api/appointments/${appointmentId}/note`,
        cookie: doctorCookie,
        payload: fields,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      if (sign)
        expect(
          (
            await t.request({
              method: 'POST',
              url: `/api/appointments/${appointmentId}/note/sign`,
              cookie: doctorCookie,
            })
          ).statusCode,
        ).toBe(200);
      return saved.json().id as string;
    };
    const note = {
      reason: 'Tos de tres semanas',
      examination: 'Sibilancias espiratorias',
      diagnosis: 'Bronquitis aguda',
      diagnosisCode: 'J20.9',
      plan: 'Salbutamol a demanda',
    };
    const signedId = await write(signedVisit.id, note, true);
    const addendum = await t.request({
      method: 'POST',
      url: `/api/appointments/${signedVisit.id}/note/addenda`,
      cookie: doctorCookie,
      payload: { text: 'Radiografía de tórax normal' },
    });
    expect(addendum.statusCode, addendum.body).toBe(201);
    await write(draftVisit.id, { ...note, diagnosis: 'Borrador sin firmar' }, false);
    await write(foreignVisit.id, { ...note, diagnosis: 'Diagnóstico de Olivia' }, true);

    const { response, entries } = await withAuditEntries(t, {
      method: 'GET',
      url: '/api/me/data-export',
      cookie: me.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const files = await readZip(response.rawPayload);
    const json = files.get('datos.json')!.toString('utf8');
    const data = JSON.parse(json);
    expect(data.notas_clinicas).toEqual([
      {
        id: signedId,
        appointmentId: signedVisit.id,
        date: '2026-02-23T09:00:00.000Z',
        doctorName: 'Dra. Elena Nota',
        ...note,
        signedAt: '2026-03-02T08:00:00.000Z',
        addenda: [{ at: '2026-03-02T08:00:00.000Z', author: 'Dra. Elena Nota', text: 'Radiografía de tórax normal' }],
      },
    ]);
    for (const absent of ['Borrador sin firmar', 'Diagnóstico de Olivia']) expect(json).not.toContain(absent);
    const text = await pdfText(files.get('resumen.pdf')!);
    for (const expected of [
      'Notas clínicas',
      '23/02/2026, 10:00 · Dra. Elena Nota',
      'Sibilancias espiratorias',
      'Bronquitis aguda (J20.9)',
      'Salbutamol a demanda',
      'Radiografía de tórax normal',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Borrador sin firmar');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toMatchObject({
      kind: 'data_export',
      sections: expect.arrayContaining(['notas_clinicas']),
    });
  });

  it('a paciente whose record is not confirmed gets 409 RECORD_NOT_CONFIRMED', async () => {
    await createPatientRecord(t, {
      firstName: 'Pilar',
      lastName: 'Pendiente',
      email: 'pilar.pendiente@prueba.test',
      phone: '',
    });
    const pending = await t.createUser({
      role: 'paciente',
      email: 'pilar.pendiente@prueba.test',
      displayName: 'Pilar Pendiente',
    });
    const response = await t.request({ method: 'GET', url: '/api/me/data-export', cookie: pending.cookie });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'RECORD_NOT_CONFIRMED',
      message: ERROR_CODES.RECORD_NOT_CONFIRMED,
    });
  });
});

describe('the export is rate limited', () => {
  it('five an hour per account, then a Spanish 429', async () => {
    const limited = await buildTestApp({ relaxRateLimits: false });
    try {
      const me = await limited.createUser({ role: 'paciente' });
      for (let i = 0; i < 5; i++) {
        expect(
          (await limited.request({ method: 'GET', url: '/api/me/data-export', cookie: me.cookie })).statusCode,
        ).toBe(200);
      }
      const refused = await limited.request({ method: 'GET', url: '/api/me/data-export', cookie: me.cookie });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe(ERROR_CODES.RATE_LIMITED);
    } finally {
      await limited.close();
    }
  });
});
