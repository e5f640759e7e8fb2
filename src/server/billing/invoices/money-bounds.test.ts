import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { patients } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';

/**
 * Money that cannot be created from nothing (issue 33, item 2; issue 35, item 4): a rectification never takes what
 * the patient owes below zero, a refund never gives back more than was taken by its method, the day's cash never
 * expects money it never received, amounts out of range are refused before anything is numbered.
 */
let t: TestApp;
let admin: { cookie: string };
let patientId: string;

const request = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url, payload, cookie: admin.cookie });

const line = (unitPriceCents: number, extra: object = {}) => ({
  description: 'Consulta de dermatología',
  quantity: 1,
  unitPriceCents,
  vat: 'exenta',
  ...extra,
});

const issue = async (kind: 'completa' | 'simplificada', lines: object[]) => {
  const response = await request('POST', '/api/invoices', { patientId, lines, kind });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; number: string; totalCents: number };
};
const difference = (type: 'R1' | 'R5', lines: object[]) => ({
  type,
  method: 'diferencias',
  reason: 'Ajuste del precio acordado',
  lines,
});
const rectify = (id: string, payload: object) => request('POST', `/api/invoices/${id}/rectify`, payload);
const pay = (id: string, method: string, amountCents: number) =>
  request('POST', `/api/invoices/${id}/payments`, { method, amountCents });
const cancel = (id: string) => request('POST', `/api/invoices/${id}/cancel`, { reason: 'Emitida por error' });
const outstanding = async (id: string) => (await request('GET', `/api/invoices/${id}`)).json().outstandingCents;

beforeAll(async () => {
  clock.freeze('2026-11-20T10:00:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const account = await t.createUser({ role: 'paciente', email: 'cuenta@dinero.test' });
  const [record] = await t.database.db
    .update(patients)
    .set({ documentType: 'dni', documentNumber: '12345678Z', address: 'Calle del Pez 3, 28004 Madrid' })
    .where(eq(patients.accountId, account.id))
    .returning();
  patientId = record!.id;
  await request('PUT', '/api/billing/issuer', {
    legalName: 'Clínica Cuentas Claras, S.L.',
    taxId: 'B12345674',
    address: 'Calle Mayor 1, 28013 Madrid',
    registry: '',
  });
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('a rectification never takes what the patient owes below zero', () => {
  it('refuses −100 000 € on an unpaid 10,05 € invoice, takes no number, and allows exactly what is left', async () => {
    const original = await issue('simplificada', [line(1005)]);
    const huge = await rectify(original.id, difference('R5', [line(-10_000_000)]));
    expect(huge.statusCode, huge.body).toBe(400);
    expect(huge.json().error.fields.lines).toBe(
      'Con esta rectificativa la factura quedaría en -99.989,95\u00a0€: lo que resta no puede superar lo que queda de la factura (10,05\u00a0€).',
    );
    const oneTooMany = await rectify(original.id, difference('R5', [line(-1006)]));
    expect(oneTooMany.statusCode).toBe(400);

    const toZero = await rectify(original.id, difference('R5', [line(-1005)]));
    expect(toZero.statusCode, toZero.body).toBe(201);
    expect(toZero.json().number).toBe('R2026-000001');
    expect(await outstanding(original.id)).toBe(0);
    // Nothing was paid, so there is nothing to give back.
    const refund = await pay(original.id, 'efectivo', 500_000);
    expect(refund.statusCode).toBe(400);
    expect(refund.json().error.fields.amountCents).toBe('Esta factura ya está pagada');
  });

  it('counts earlier differences against a substitution, and refuses to cancel the rectificativa that holds it up', async () => {
    const original = await issue('completa', [line(10_000)]);
    expect((await rectify(original.id, difference('R1', [line(5000)]))).statusCode).toBe(201);
    const minus = await rectify(original.id, difference('R1', [line(-14_000)]));
    expect(minus.statusCode, minus.body).toBe(201);
    expect(await outstanding(original.id)).toBe(1000);

    const substitution = await rectify(original.id, {
      type: 'R1',
      method: 'sustitucion',
      reason: 'Tarifa de revisión en lugar de primera visita',
      lines: [line(4000)],
    });
    expect(substitution.statusCode).toBe(400);
    expect(substitution.json().error.fields.lines).toBe(
      'Con esta rectificativa la factura quedaría en -50,00\u00a0€: lo que resta no puede superar lo que queda de la factura (10,00\u00a0€).',
    );

    const plus = (await request('GET', `/api/invoices/${original.id}`)).json().rectifiedBy[0];
    const cancelled = await cancel(plus.id);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error).toEqual({
      code: 'NOT_CANCELLABLE',
      message:
        'Anular esta rectificativa dejaría la factura en -40,00\u00a0€: lo facturado no puede quedar en negativo. Corrígela con otra rectificativa.',
    });
    expect(await outstanding(original.id)).toBe(1000);
  });
});

describe('a refund never gives back more than was taken, by method', () => {
  it('gives back by each method at most what that method brought in on the invoice', async () => {
    const original = await issue('simplificada', [line(6000)]);
    expect((await pay(original.id, 'efectivo', 4000)).statusCode).toBe(201);
    expect((await pay(original.id, 'tarjeta', 2000)).statusCode).toBe(201);
    expect((await rectify(original.id, difference('R5', [line(-6000)]))).statusCode).toBe(201);
    expect(await outstanding(original.id)).toBe(-6000);

    const tooMuchCash = await pay(original.id, 'efectivo', 4001);
    expect(tooMuchCash.statusCode).toBe(400);
    expect(tooMuchCash.json().error.fields.amountCents).toBe(
      'En efectivo solo se puede devolver lo cobrado en efectivo en esta factura: 40,00\u00a0€.',
    );
    const neverBizum = await pay(original.id, 'bizum', 100);
    expect(neverBizum.json().error.fields.amountCents).toBe(
      'Por Bizum solo se puede devolver lo cobrado por Bizum en esta factura: 0,00\u00a0€.',
    );
    expect((await pay(original.id, 'efectivo', 4000)).statusCode).toBe(201);
    const cashAgain = await pay(original.id, 'efectivo', 1);
    expect(cashAgain.json().error.fields.amountCents).toBe(
      'En efectivo solo se puede devolver lo cobrado en efectivo en esta factura: 0,00\u00a0€.',
    );
    const card = await pay(original.id, 'tarjeta', 2000);
    expect(card.statusCode, card.body).toBe(201);
    expect(card.json().outstandingCents).toBe(0);
  });

  it('keeps the day’s cash from expecting money it never received', async () => {
    clock.freeze('2026-11-23T10:00:00+01:00');
    admin = await t.createUser({ role: 'admin' });
    const byCard = await issue('simplificada', [line(3000)]);
    expect((await pay(byCard.id, 'tarjeta', 3000)).statusCode).toBe(201);
    expect((await rectify(byCard.id, difference('R5', [line(-3000)]))).statusCode).toBe(201);
    expect((await pay(byCard.id, 'efectivo', 3000)).statusCode).toBe(400);

    const unpaid = await issue('simplificada', [line(1005)]);
    expect((await rectify(unpaid.id, difference('R5', [line(-10_000_000)]))).statusCode).toBe(400);
    expect((await pay(unpaid.id, 'efectivo', 500_000)).statusCode).toBe(400);
    expect((await pay(unpaid.id, 'efectivo', 1005)).statusCode).toBe(201);

    const cash = (await request('GET', '/api/billing/cash?day=2026-11-23')).json();
    expect(cash.expected).toEqual({ efectivo: 1005, tarjeta: 3000, transferencia: 0, bizum: 0 });
  });
});

describe('amounts out of range and invoices of nothing', () => {
  it('refuses a line or an invoice too large for the books in Spanish, on both engines, and numbers nothing', async () => {
    clock.freeze('2026-11-24T10:00:00+01:00');
    admin = await t.createUser({ role: 'admin' });
    const before = await issue('completa', [line(1000)]);

    const huge = await request('POST', '/api/invoices', {
      patientId,
      kind: 'completa',
      lines: [line(10_000_000, { quantity: 999 })],
    });
    expect(huge.statusCode, huge.body).toBe(400);
    expect(huge.json().error.fields['lines.0.unitPriceCents']).toBe(
      'Una línea no puede superar los 100 000 € (cantidad × precio)',
    );
    const hugeRefund = await rectify(before.id, difference('R1', [line(-10_000_000, { quantity: 999 })]));
    expect(hugeRefund.statusCode, hugeRefund.body).toBe(400);
    expect(hugeRefund.json().error.fields['lines.0.unitPriceCents']).toBe(
      'Una línea no puede superar los 100 000 € (cantidad × precio)',
    );
    const manyLines = await request('POST', '/api/invoices', {
      patientId,
      kind: 'completa',
      lines: Array.from({ length: 11 }, () => line(10_000_000)),
    });
    expect(manyLines.json().error.fields.lines).toBe('El total de la factura no puede superar 1 000 000 €');
    // Within the lines' bound, but over it with the VAT: refused by the server.
    const withVat = await request('POST', '/api/invoices', {
      patientId,
      kind: 'completa',
      lines: Array.from({ length: 10 }, () => line(10_000_000, { vat: '21' })),
    });
    expect(withVat.statusCode, withVat.body).toBe(400);
    expect(withVat.json().error.fields.lines).toBe(
      'El total de la factura no puede superar 1 000 000 € (IVA incluido)',
    );

    const zero = await request('POST', '/api/invoices', { patientId, kind: 'simplificada', lines: [line(0)] });
    expect(zero.statusCode, zero.body).toBe(400);
    expect(zero.json().error.fields.lines).toBe('Una factura de 0,00 € no se emite: añade el importe de lo facturado');

    const after = await issue('completa', [line(1000)]);
    expect(after.number).toBe(`F2026-${String(Number(before.number.slice(-6)) + 1).padStart(6, '0')}`);
  });
});

describe('a paid rectificativa', () => {
  it('is not cancelled: what was paid against it would be owed again', async () => {
    const original = await issue('completa', [line(1000)]);
    const substitution = await rectify(original.id, {
      type: 'R1',
      method: 'sustitucion',
      reason: 'Precio de revisión',
      lines: [line(600)],
    });
    expect(substitution.statusCode, substitution.body).toBe(201);
    expect((await pay(original.id, 'tarjeta', 600)).statusCode).toBe(201);

    const cancelled = await cancel(substitution.json().id);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error).toEqual({
      code: 'NOT_CANCELLABLE',
      message:
        'Esta rectificativa ya tiene cobros o devoluciones en su factura: no se anula. Corrígela con otra rectificativa.',
    });
    expect(await outstanding(original.id)).toBe(0);
  });
});
