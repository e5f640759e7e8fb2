import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFromJson } from '../verifactu/record-json';
import { verifyChain } from '../verifactu/verify-chain';
import { validateXml } from '../verifactu/xsd-validate';
import { clock } from '../../platform/clock';
import { auditLog, patients } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { readPdf } from '../../test/pdf-text';

/** Rectifying invoices (issue «Billing», item 2): by difference and by substitution, refunds, and what they refuse. */
let t: TestApp;
let admin: { cookie: string };
let patient: { id: string; cookie: string };

const request = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = admin.cookie) =>
  t.request({ method, url, payload, cookie });

const CONSULTA = { description: 'Consulta de dermatología', quantity: 1, unitPriceCents: 6000, vat: 'exenta' };
const CREMA = { description: 'Crema solar', quantity: 1, unitPriceCents: 2000, vat: '21' };

const issue = async (kind: 'completa' | 'simplificada', lines: object[]) => {
  const response = await request('POST', '/api/invoices', { patientId: patient.id, lines, kind });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; number: string; totalCents: number };
};
const rectify = (id: string, payload: object, cookie = admin.cookie) =>
  request('POST', `/api/invoices/${id}/rectify`, payload, cookie);
const listed = async (id: string) =>
  ((await request('GET', '/api/invoices')).json().invoices as { id: string }[]).find((row) => row.id === id);
const lastRecord = async () => recordFromJson((await t.deps.repos.verifactuRecords.chain()).at(-1)!.record);

beforeAll(async () => {
  clock.freeze('2026-03-10T10:00:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const account = await t.createUser({ role: 'paciente', email: 'rectificada@factura.test' });
  const [record] = await t.database.db
    .update(patients)
    .set({ documentType: 'dni', documentNumber: '12345678Z', address: 'Calle del Pez 3, 28004 Madrid' })
    .where(eq(patients.accountId, account.id))
    .returning();
  patient = { id: record!.id, cookie: account.cookie };
  await request('PUT', '/api/billing/issuer', {
    legalName: 'Clínica Rectifica, S.L.',
    taxId: 'B12345674',
    address: 'Calle Mayor 1, 28013 Madrid',
    registry: '',
  });
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('a rectifying invoice by difference', () => {
  it('gives back a returned product: an R5 of the simplified invoice, the refund taken against it, the cash net', async () => {
    const original = await issue('simplificada', [CONSULTA, CREMA]); // 60 + 24,20
    expect(original.totalCents).toBe(8420);
    const paid = await request('POST', `/api/invoices/${original.id}/payments`, {
      method: 'efectivo',
      amountCents: 8420,
    });
    expect(paid.statusCode, paid.body).toBe(201);

    clock.freeze('2026-03-10T17:30:00+01:00');
    const response = await rectify(original.id, {
      type: 'R5',
      method: 'diferencias',
      reason: 'La paciente devuelve la crema sin abrir',
      lines: [{ ...CREMA, description: 'Devolución: crema solar', unitPriceCents: -2000 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const rectifying = response.json();
    expect(rectifying).toMatchObject({
      number: 'R2026-000001',
      type: 'R5',
      baseCents: -2000,
      taxCents: -420,
      totalCents: -2420,
      recipient: null,
      rectification: {
        number: original.number,
        issueDate: '2026-03-10',
        method: 'diferencias',
        reason: 'La paciente devuelve la crema sin abrir',
        substituted: null,
      },
    });

    // The record names the original; the chain still verifies and the XML is the AEAT's.
    expect(await lastRecord()).toMatchObject({
      kind: 'alta',
      invoice: {
        type: 'R5',
        number: 'R2026-000001',
        rectification: { kind: 'I', rectified: [{ number: original.number }] },
      },
    });
    const records = (await t.deps.repos.verifactuRecords.chain()).map((row) => recordFromJson(row.record));
    expect(verifyChain(records)).toEqual({ ok: true, count: records.length });
    const xml = (await request('GET', '/api/verifactu/records.xml')).body;
    expect(validateXml(xml, 'SuministroLR.xsd')).toMatchObject({ valid: true });
    expect(xml).toContain('<sf:TipoRectificativa>I</sf:TipoRectificativa>');
    expect((await request('GET', `/api/invoices/${original.id}`)).json().rectifiedBy).toEqual([
      { id: rectifying.id, number: 'R2026-000001' },
    ]);

    // The account: 84,20 € paid for 60,00 € that stand — 24,20 € to give back.
    expect(await listed(original.id)).toMatchObject({ outstandingCents: -2420, rectifies: null });
    expect(await listed(rectifying.id)).toMatchObject({ outstandingCents: 0, rectifies: original.number });
    const tooMuch = await request('POST', `/api/invoices/${original.id}/payments`, {
      method: 'efectivo',
      amountCents: 2421,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields.amountCents).toBe('El importe supera lo que hay que devolver (24,20\u00a0€)');
    const refund = await request('POST', `/api/invoices/${original.id}/payments`, {
      method: 'efectivo',
      amountCents: 2420,
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().outstandingCents).toBe(0);
    const refunds = (await request('GET', `/api/invoices/${rectifying.id}/payments`)).json();
    expect(refunds.payments).toEqual([expect.objectContaining({ method: 'efectivo', amountCents: -2420 })]);
    expect((await request('GET', '/api/billing/cash?day=2026-03-10')).json().expected.efectivo).toBe(6000);

    // Settled: nothing more to take or give back.
    const again = await request('POST', `/api/invoices/${original.id}/payments`, { method: 'tarjeta', amountCents: 1 });
    expect(again.json().error.fields.amountCents).toBe('Esta factura ya está pagada');
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, rectifying.id));
    expect(audit).toMatchObject({ action: 'create', entity: 'invoice' });
    expect(audit!.details).toMatchObject({ number: 'R2026-000001', rectifies: original.number });
  });

  it('refuses what the law or the account does not allow, in Spanish, without taking a number', async () => {
    clock.freeze('2026-03-11T09:00:00+01:00');
    const simplified = await issue('simplificada', [CONSULTA]);
    const complete = await issue('completa', [CONSULTA]);
    const difference = (type: string, lines: object[] = [{ ...CONSULTA, unitPriceCents: -1000 }]) => ({
      type,
      method: 'diferencias',
      reason: 'Precio mal aplicado',
      lines,
    });

    const wrongType = await rectify(simplified.id, difference('R1'));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.fields.type).toBe('Una factura simplificada se rectifica con una R5');
    expect((await rectify(complete.id, difference('R5'))).json().error.fields.type).toBe(
      'Una factura completa se rectifica con una R1, R2, R3 o R4',
    );
    const nothing = await rectify(
      complete.id,
      difference('R1', [
        { ...CONSULTA, unitPriceCents: -1000 },
        { ...CONSULTA, unitPriceCents: 1000 },
      ]),
    );
    expect(nothing.json().error.fields.lines).toBe(
      'Por diferencias, la rectificativa cambia algún importe: el total no puede ser 0',
    );
    const negativeSubstitution = await rectify(complete.id, { ...difference('R1'), method: 'sustitucion' });
    expect(negativeSubstitution.statusCode).toBe(400);
    expect(negativeSubstitution.json().error.fields.lines).toBe(
      'Por sustitución, las líneas llevan los importes correctos, sin negativos',
    );
    const zero = await rectify(complete.id, difference('R1', [{ ...CONSULTA, unitPriceCents: 0 }]));
    expect(zero.json().error.fields['lines.0.unitPriceCents']).toBe('Precio: no puede ser cero');

    const made = await rectify(complete.id, difference('R1'));
    expect(made.statusCode, made.body).toBe(201);
    // Refusals took no number: the next rectifying invoice follows the first without a gap.
    expect(made.json().number).toBe('R2026-000002');
    const ofRectifying = await rectify(made.json().id, difference('R4'));
    expect(ofRectifying.statusCode).toBe(409);
    expect(ofRectifying.json().error).toMatchObject({
      code: 'NOT_RECTIFIABLE',
      message: 'Esta factura ya es rectificativa: rectifica la factura original.',
    });

    // An invoice rectified or paid stands: it is not cancelled.
    const cancel = (id: string) => request('POST', `/api/invoices/${id}/cancel`, { reason: 'Emitida por error' });
    const cancelRectified = await cancel(complete.id);
    expect(cancelRectified.json().error?.code, cancelRectified.body).toBe('NOT_CANCELLABLE');
    await request('POST', `/api/invoices/${simplified.id}/payments`, { method: 'tarjeta', amountCents: 1000 });
    expect((await cancel(simplified.id)).json().error).toMatchObject({
      code: 'NOT_CANCELLABLE',
      message: 'Esta factura ya tiene cobros o rectificativas: no se anula. Corrígela con una factura rectificativa.',
    });
    const unpaid = await issue('simplificada', [CONSULTA]);
    expect((await cancel(unpaid.id)).statusCode).toBe(200);
    expect((await rectify(unpaid.id, difference('R5'))).json().error.message).toBe(
      'Una factura anulada no se rectifica.',
    );

    // Only the desk rectifies.
    const asPatient = await rectify(complete.id, difference('R1'), patient.cookie);
    expect(asPatient.statusCode).toBe(403);
  });
});

describe('a rectifying invoice by substitution', () => {
  it('replaces the amounts of a complete invoice on the last evening of the year, and numbers the new year from 1', async () => {
    clock.freeze('2026-12-31T20:00:00+01:00');
    admin = await t.createUser({ role: 'admin' }); // months later: the morning's session has long expired
    const original = await issue('completa', [CONSULTA]);
    const response = await rectify(original.id, {
      type: 'R1',
      method: 'sustitucion',
      reason: 'Se aplicó la tarifa de primera visita en lugar de la de revisión',
      lines: [{ ...CONSULTA, description: 'Consulta de revisión', unitPriceCents: 4500 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      number: 'R2026-000003',
      type: 'R1',
      totalCents: 4500,
      recipient: { taxId: '12345678Z' },
      rectification: { method: 'sustitucion', substituted: { baseCents: 6000, taxCents: 0 } },
    });
    expect(await lastRecord()).toMatchObject({
      invoice: { rectification: { kind: 'S', substituted: { base: 6000, tax: 0 } } },
    });
    const xml = (await request('GET', '/api/verifactu/records.xml')).body;
    expect(validateXml(xml, 'SuministroLR.xsd')).toMatchObject({ valid: true });
    expect(xml).toContain('<sf:BaseRectificada>60.00</sf:BaseRectificada>');
    // What the patient owes is the substitute's amount, not the original's.
    expect(await listed(original.id)).toMatchObject({ outstandingCents: 4500 });
    const over = await request('POST', `/api/invoices/${original.id}/payments`, { method: 'bizum', amountCents: 6000 });
    expect(over.json().error.fields.amountCents).toBe('El importe supera lo pendiente (45,00\u00a0€)');

    const pdf = await request('GET', `/api/invoices/${response.json().id}/pdf`);
    const { text } = await readPdf(pdf.rawPayload);
    for (const expected of [
      'FACTURA RECTIFICATIVA',
      'Tipo R1 · error fundado en derecho',
      `Rectifica la factura ${original.number}, de 31/12/2026`,
      'Por sustitución: sustituye a la rectificada (base 60,00 €, cuota 0,00 €).',
      'Motivo: Se aplicó la tarifa de primera visita en lugar de la de revisión',
    ]) {
      expect(text.replace(/\s+/g, ' ')).toContain(expected);
    }

    clock.freeze('2027-01-01T00:10:00+01:00');
    admin = await t.createUser({ role: 'admin' });
    const nextYear = await rectify(original.id, {
      type: 'R1',
      method: 'diferencias',
      reason: 'Descuento de fidelidad acordado',
      lines: [{ ...CONSULTA, description: 'Descuento', unitPriceCents: -500 }],
    });
    expect(nextYear.json()).toMatchObject({ number: 'R2027-000001', issueDate: '2027-01-01' });
    expect(await listed(original.id)).toMatchObject({ outstandingCents: 4000 });
  });
});
