import { sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlta, createAnulacion } from '../verifactu/records';
import { recordFromJson, recordToJson } from '../verifactu/record-json';
import { SYSTEM } from '../../test/verifactu-fixtures';
import { verifyChain } from '../verifactu/verify-chain';
import { invoices } from '../../platform/db/schema';
import { transact } from '../../platform/db/transaction';
import { buildTestApp, type TestApp } from '../../test/app';
import { createPatientRecord } from '../../test/fixtures';
import type { RegistroFacturacion } from '../verifactu/types';

let t: TestApp;
let patientId: string;
beforeAll(async () => {
  t = await buildTestApp();
  patientId = (
    await createPatientRecord(t, { firstName: 'Lola', lastName: 'Libro', email: 'lola@prueba.test', phone: '' })
  ).id;
});
afterAll(() => t.close());

const ISSUER = { name: 'Clínica Libro Mayor, S.L.', taxId: 'B12345674' };

/** Issues an exempt 60 € invoice in `series`, with its registro de alta chained: the ledger's whole write. */
function issue(series: string, at: string, fail?: 'before-record') {
  const repo = t.deps.repos.invoices;
  return transact(t.deps.db, async (tx) => {
    const instant = Temporal.Instant.from(at);
    const row = await repo.insertNumbered(
      series,
      {
        type: 'F2',
        issueDate: '2027-01-15',
        issuedAt: new Date(at),
        patientId,
        issuer: ISSUER,
        description: 'Consulta',
        baseCents: 6000,
        taxCents: 0,
        totalCents: 6000,
      },
      [{ description: 'Consulta', quantity: 1, unitPriceCents: 6000, vat: 'exenta', baseCents: 6000, taxCents: 0 }],
      tx,
    );
    if (fail) throw new Error('La factura no llega a emitirse');
    const previous = await t.deps.repos.verifactuRecords.lockChain(ISSUER.taxId, 'pruebas', tx);
    const record = createAlta(
      {
        issuer: { name: ISSUER.name, nif: ISSUER.taxId },
        number: row.number,
        issueDate: Temporal.PlainDate.from('2027-01-15'),
        type: 'F2',
        description: 'Consulta',
        lines: [{ kind: 'exempt', exemption: 'E1', base: 6000 }],
      },
      { previous: previous ? recordFromJson(previous.record) : null, at: instant, system: SYSTEM },
    );
    await t.deps.repos.verifactuRecords.appendRecord(
      {
        issuerNif: ISSUER.taxId,
        mode: 'pruebas',
        kind: 'alta',
        invoiceId: row.id,
        record: recordToJson(record),
        huella: record.huella,
      },
      previous,
      tx,
    );
    return row;
  });
}

describe('the invoices ledger', () => {
  it('numbers each series without gaps: a rolled-back issue gives its number back', async () => {
    const first = await issue('S2027', '2027-01-15T09:00:00Z');
    await expect(issue('S2027', '2027-01-15T09:01:00Z', 'before-record')).rejects.toThrow('no llega a emitirse');
    const second = await issue('S2027', '2027-01-15T09:02:00Z');
    const other = await issue('T2027', '2027-01-15T09:03:00Z');
    expect([first.number, second.number, other.number]).toEqual(['S2027-000001', 'S2027-000002', 'T2027-000001']);
  });

  it('takes distinct consecutive numbers for issues made at the same time', async () => {
    const issued = await Promise.all(
      Array.from({ length: 12 }, (_, i) => issue('U2027', `2027-01-15T10:${String(i).padStart(2, '0')}:00Z`)),
    );
    expect(issued.map((row) => row.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
  });

  it('chains the records of an issuer in the order written, and the stored chain verifies', async () => {
    const stored = (await t.deps.repos.verifactuRecords.chain()).filter((row) => row.issuerNif === ISSUER.taxId);
    expect(stored.map((row) => row.position)).toEqual(stored.map((_, index) => index + 1));
    const records: RegistroFacturacion[] = stored.map((row) => recordFromJson(row.record));
    expect(verifyChain(records)).toEqual({ ok: true, count: records.length });

    // An anulación continues the same chain.
    const last = await t.deps.repos.verifactuRecords.lastRecord();
    const cancelled = recordFromJson(last!.record);
    await transact(t.deps.db, async (tx) => {
      const previous = await t.deps.repos.verifactuRecords.lockChain(ISSUER.taxId, 'pruebas', tx);
      const record = createAnulacion(
        { name: ISSUER.name, nif: ISSUER.taxId },
        cancelled.kind === 'alta'
          ? { issuerNif: ISSUER.taxId, number: cancelled.invoice.number, issueDate: cancelled.invoice.issueDate }
          : cancelled.cancelled,
        {
          previous: recordFromJson(previous!.record),
          at: Temporal.Instant.from('2027-01-16T09:00:00Z'),
          system: SYSTEM,
        },
      );
      await t.deps.repos.verifactuRecords.appendRecord(
        {
          issuerNif: ISSUER.taxId,
          mode: 'pruebas',
          kind: 'anulacion',
          invoiceId: last!.invoiceId,
          record: recordToJson(record),
          huella: record.huella,
        },
        previous,
        tx,
      );
    });
    const after = (await t.deps.repos.verifactuRecords.chain()).map((row) => recordFromJson(row.record));
    expect(verifyChain(after)).toEqual({ ok: true, count: records.length + 1 });
  });

  it('refuses, in the database itself, to change or delete an invoice, its lines or its records', async () => {
    const statements = [
      sql`UPDATE invoices SET total_cents = 1 WHERE true`,
      sql`DELETE FROM invoices WHERE true`,
      sql`UPDATE invoice_lines SET base_cents = 1 WHERE true`,
      sql`DELETE FROM invoice_lines WHERE true`,
      sql`UPDATE verifactu_records SET huella = 'X' WHERE true`,
      sql`DELETE FROM verifactu_records WHERE true`,
    ];
    for (const statement of statements) {
      const refusal = await t.deps.db.execute(statement).then(
        () => null,
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
      expect(refusal).toMatch(/^Las facturas y sus registros no se modifican ni se borran/);
    }
    const [counted] = await t.deps.db.select({ count: sql<number>`count(*)::int` }).from(invoices);
    expect(counted!.count).toBe(15);
  });
});
