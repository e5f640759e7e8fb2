import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildTestApp, type TestApp } from '../../test/app';
import { withAuditEntries } from '../../test/audit';
import { readPdf } from '../../test/pdf-text';
import { buildClinicalCast, ibuprofeno, omeprazol } from '../../test/prescriptions-world';

let t: TestApp;
let cast: Awaited<ReturnType<typeof buildClinicalCast>>;

beforeAll(async () => {
  clock.freeze('2026-03-20T10:00:00+01:00');
  t = await buildTestApp();
  cast = await buildClinicalCast(t);
  await t.write((tx) =>
    t.deps.repos.clinic.updateSettings({ name: 'Clínica Receta', address: 'Calle Alcalá 10, 28014 Madrid' }, tx),
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
  clock.freeze(null);
});

const prescribe = (cookie: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/prescriptions', cookie, payload });
const valid = (overrides: Record<string, unknown> = {}) => ({
  patientId: cast.adela.recordId,
  prescribedOn: '2026-03-10',
  diagnosis: 'Lumbalgia mecánica',
  medicines: [ibuprofeno, omeprazol],
  ...overrides,
});
const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });

describe('prescriptions', () => {
  let adelaRx: { id: string; verificationCode: string };

  it('a doctor prescribes to their patient: stored with a verification code and audited in the same transaction', async () => {
    const { response, entries } = await withAuditEntries(t, {
      method: 'POST',
      url: '/api/prescriptions',
      cookie: cast.doctorA.cookie,
      payload: valid(),
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      patientName: 'Adela Arrieta Soler',
      doctorName: 'Dra. Ana Receta',
      prescribedOn: '2026-03-10',
      validUntil: '2026-03-19',
      // Valid until yesterday by the clinic's clock (today is the 20th): it is shown expired.
      status: 'caducada',
      medicines: [ibuprofeno, omeprazol],
      allergyConflicts: [],
      allergyOverrideReason: null,
    });
    expect(created.verificationCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(entries.map((entry) => [entry.action, entry.entity, entry.entityId, entry.patientId])).toEqual([
      ['create', 'prescription', created.id, cast.adela.recordId],
    ]);
    adelaRx = created;
  });

  it('refuses a patient the doctor has no appointment with (404, as for a record that does not exist)', async () => {
    const other = await prescribe(cast.doctorA.cookie, valid({ patientId: cast.bruno.recordId }));
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('Paciente no encontrado');
    const nobody = await prescribe(cast.doctorA.cookie, valid({ patientId: cast.carla.recordId }));
    expect(nobody.statusCode).toBe(404);
  });

  it('explains bad input in Spanish, field by field', async () => {
    const empty = await prescribe(cast.doctorA.cookie, valid({ diagnosis: ' ', medicines: [] }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({
      diagnosis: 'Escribe el diagnóstico',
      medicines: 'Añade al menos un medicamento',
    });
    const noDose = await prescribe(
      cast.doctorA.cookie,
      valid({ medicines: [{ ...ibuprofeno, dose: '', medicine: '' }] }),
    );
    expect(noDose.json().error.fields).toMatchObject({
      'medicines.0.dose': 'Escribe la dosis',
      'medicines.0.medicine': 'Escribe el medicamento (nombre, dosis y forma)',
    });
    const future = await prescribe(cast.doctorA.cookie, valid({ prescribedOn: '2026-03-21' }));
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toEqual({ prescribedOn: 'La fecha de la receta no puede ser futura' });
    const badDate = await prescribe(cast.doctorA.cookie, valid({ prescribedOn: '10/03/2026' }));
    expect(badDate.json().error.fields.prescribedOn).toBe('Escribe la fecha de la receta como AAAA-MM-DD');
  });

  it('only doctors prescribe', async () => {
    expect((await prescribe(cast.admin.cookie, valid())).statusCode).toBe(403);
    expect((await prescribe(cast.adela.cookie, valid())).statusCode).toBe(403);
  });

  it('lists by actor: the doctor their own, the patient theirs, admins all; another’s detail is 404', async () => {
    const brunoRx = (
      await prescribe(
        cast.doctorB.cookie,
        valid({ patientId: cast.bruno.recordId, diagnosis: 'Faringitis', medicines: [omeprazol] }),
      )
    ).json();
    const ids = async (cookie: string, query = '') =>
      (await get(`/api/prescriptions${query}`, cookie)).json().items.map((item: { id: string }) => item.id);
    expect(await ids(cast.doctorA.cookie)).toEqual([adelaRx.id]);
    expect(await ids(cast.doctorB.cookie)).toEqual([brunoRx.id]);
    expect(await ids(cast.adela.cookie)).toEqual([adelaRx.id]);
    expect(await ids(cast.bruno.cookie)).toEqual([brunoRx.id]);
    expect(await ids(cast.carla.cookie)).toEqual([]);
    expect((await ids(cast.admin.cookie)).sort()).toEqual([adelaRx.id, brunoRx.id].sort());
    // Filtering by another doctor's patient finds nothing: the filter narrows, never widens.
    expect(await ids(cast.doctorA.cookie, `?patientId=${cast.bruno.recordId}`)).toEqual([]);

    for (const [cookie, id] of [
      [cast.doctorA.cookie, brunoRx.id],
      [cast.doctorB.cookie, adelaRx.id],
      [cast.bruno.cookie, adelaRx.id],
      [cast.adela.cookie, brunoRx.id],
    ] as const) {
      expect((await get(`/api/prescriptions/${id}`, cookie)).statusCode).toBe(404);
      expect((await get(`/api/prescriptions/${id}/pdf`, cookie)).statusCode).toBe(404);
    }
    expect((await get(`/api/prescriptions/${brunoRx.id}`, cast.admin.cookie)).json().diagnosis).toBe('Faringitis');
    expect((await get(`/api/prescriptions/${adelaRx.id}`, cast.adela.cookie)).json().diagnosis).toBe(
      'Lumbalgia mecánica',
    );
  });

  it('filters by patient, dates and status, and pages with the total', async () => {
    for (const day of ['2026-03-12', '2026-03-14', '2026-03-16']) {
      expect(
        (await prescribe(cast.doctorA.cookie, valid({ prescribedOn: day, medicines: [ibuprofeno] }))).statusCode,
      ).toBe(201);
    }
    const list = async (query: string) => (await get(`/api/prescriptions${query}`, cast.doctorA.cookie)).json();
    const all = await list(`?patientId=${cast.adela.recordId}`);
    expect(all.total).toBe(4);
    expect(all.items.map((item: { prescribedOn: string }) => item.prescribedOn)).toEqual([
      '2026-03-16',
      '2026-03-14',
      '2026-03-12',
      '2026-03-10',
    ]);
    const range = await list('?from=2026-03-12&to=2026-03-14');
    expect(range.items.map((item: { prescribedOn: string }) => item.prescribedOn)).toEqual([
      '2026-03-14',
      '2026-03-12',
    ]);
    const page2 = await list('?pageSize=3&page=2');
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.items.map((item: { prescribedOn: string }) => item.prescribedOn)).toEqual(['2026-03-10']);
    const inverted = await get('/api/prescriptions?from=2026-03-14&to=2026-03-12', cast.doctorA.cookie);
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().error.fields.to).toBe('La fecha «hasta» no puede ser anterior a «desde»');
    expect((await list('?status=anulada')).total).toBe(0);
  });

  it('offers the doctor’s recent distinct medicines, latest first, with their posology', async () => {
    const recent = await get('/api/prescriptions/recent-medicines', cast.doctorA.cookie);
    expect(recent.json()).toEqual([ibuprofeno, omeprazol]);
    expect((await get('/api/prescriptions/recent-medicines', cast.doctorB.cookie)).json()).toEqual([omeprazol]);
    expect((await get('/api/prescriptions/recent-medicines', cast.adela.cookie)).statusCode).toBe(403);
  });

  it('prints a real A4 PDF with what a private prescription must carry, audited as a download', async () => {
    for (const cookie of [cast.doctorA.cookie, cast.adela.cookie, cast.admin.cookie]) {
      const { response, entries } = await withAuditEntries(t, {
        method: 'GET',
        url: `/api/prescriptions/${adelaRx.id}/pdf`,
        cookie,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="receta-2026-03-10-${adelaRx.verificationCode}.pdf"`,
      );
      expect(entries.map((entry) => [entry.action, entry.entity, entry.entityId, entry.details])).toEqual([
        ['export', 'prescription', adelaRx.id, { format: 'pdf' }],
      ]);
    }
    const response = await get(`/api/prescriptions/${adelaRx.id}/pdf`, cast.adela.cookie);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await readPdf(response.rawPayload);
    expect(pages).toBe(1);
    for (const expected of [
      'Clínica Receta',
      'Calle Alcalá 10, 28014 Madrid',
      'RECETA MÉDICA PRIVADA',
      'Adela Arrieta Soler',
      'Documento: DNI 00000010X',
      'Año de nacimiento: 1980',
      'Lumbalgia mecánica',
      '1. Ibuprofeno 600 mg comprimidos',
      'Posología: 1 comprimido, vía oral, cada 8 horas, durante 5 días.',
      'Envases o unidades: 1 envase de 20 comprimidos',
      'Instrucciones: Tomar con comida',
      '2. Omeprazol 20 mg cápsulas',
      'Dra. Ana Receta',
      'Nº de colegiado: 282812345',
      'Fecha de prescripción: 10 de marzo de 2026',
      'Válida hasta: 19 de marzo de 2026',
      'Firma del prescriptor',
      `Código de verificación: ${adelaRx.verificationCode}`,
    ]) {
      expect(text.replace(/\s+/g, ' '), expected).toContain(expected);
    }
    expect(text).not.toContain('ANULADA');
    // A4: 595 × 842 points.
    expect(response.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });

  it('cancels with a reason, never deletes; the cancelled PDF says ANULADA; only its doctor may cancel', async () => {
    const noReason = await t.request({
      method: 'POST',
      url: `/api/prescriptions/${adelaRx.id}/cancel`,
      cookie: cast.doctorA.cookie,
      payload: { reason: '' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe('Escribe el motivo de la anulación');
    const byOther = await t.request({
      method: 'POST',
      url: `/api/prescriptions/${adelaRx.id}/cancel`,
      cookie: cast.doctorB.cookie,
      payload: { reason: 'x' },
    });
    expect(byOther.statusCode).toBe(404);
    const { response, entries } = await withAuditEntries(t, {
      method: 'POST',
      url: `/api/prescriptions/${adelaRx.id}/cancel`,
      cookie: cast.doctorA.cookie,
      payload: { reason: 'Dosis equivocada' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'anulada', cancelReason: 'Dosis equivocada' });
    expect(entries.map((entry) => [entry.action, entry.entity, entry.entityId])).toEqual([
      ['cancel', 'prescription', adelaRx.id],
    ]);
    const again = await t.request({
      method: 'POST',
      url: `/api/prescriptions/${adelaRx.id}/cancel`,
      cookie: cast.doctorA.cookie,
      payload: { reason: 'Otra vez' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Esta receta ya está anulada');

    const pdf = await get(`/api/prescriptions/${adelaRx.id}/pdf`, cast.adela.cookie);
    expect(pdf.statusCode).toBe(200);
    const cancelledPdf = await readPdf(pdf.rawPayload);
    // The stamp is drawn behind the content: the prescription still fits on one page.
    expect(cancelledPdf.pages).toBe(1);
    const text = cancelledPdf.text.replace(/\s+/g, ' ');
    expect(text).toContain('ANULADA');
    expect(text).toContain('Motivo: Dosis equivocada');
    const anuladas = (await get('/api/prescriptions?status=anulada', cast.adela.cookie)).json();
    expect(anuladas.items.map((item: { id: string }) => item.id)).toEqual([adelaRx.id]);
  });

  it('reads are audited: the list and a detail', async () => {
    const list = await withAuditEntries(t, {
      method: 'GET',
      url: `/api/prescriptions?patientId=${cast.adela.recordId}`,
      cookie: cast.admin.cookie,
    });
    expect(list.entries.map((entry) => [entry.action, entry.entity, entry.patientId])).toEqual([
      ['list', 'prescription', cast.adela.recordId],
    ]);
    const detail = await withAuditEntries(t, {
      method: 'GET',
      url: `/api/prescriptions/${adelaRx.id}`,
      cookie: cast.adela.cookie,
    });
    expect(detail.entries.map((entry) => [entry.action, entry.entity, entry.entityId, entry.actorRole])).toEqual([
      ['read', 'prescription', adelaRx.id, 'paciente'],
    ]);
  });
});
