import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordFromJson } from '../verifactu/record-json';
import { recordInvoiceId } from '../verifactu/records';
import type { TestAeatServer } from '../../test/aeat-server';
import { clock } from '../../platform/clock';
import { auditLog } from '../../platform/db/schema';
import type { TestApp } from '../../test/app';
import { buildAeatTestBed, type AeatTestBed } from '../../test/aeat-app';
import { createPatientRecord } from '../../test/fixtures';
import type { PatientRow } from '../../identity/patients/repository';

const ISSUER = {
  issuerLegalName: 'Clínica Salud Norte, S.L.',
  issuerNif: 'B12345674',
  issuerAddress: 'Calle Mayor 1, 28013 Madrid',
  issuerRegistry: '',
};
const FORMER_NIF = 'B87654323';
const FAULT = 'Codigo[4102].El XML no cumple el esquema. Falta el elemento SistemaInformatico';

let aeat: TestAeatServer;
let t: TestApp;
let close: AeatTestBed['close'];
let patient: PatientRow;

beforeAll(async () => {
  clock.freeze('2026-03-02T10:00:00+01:00');
  ({ t, aeat, close } = await buildAeatTestBed(ISSUER));
  patient = await createPatientRecord(t, { firstName: 'Lucía', lastName: 'Reenvío', email: 'l@r.test', phone: '' });
});
/** Every request was valid against SuministroLR.xsd (so each fault is the scripted one) and none came early. */
afterEach(() => {
  expect(aeat.received.filter((request) => !request.valid).map((request) => request.errors)).toEqual([]);
  expect(aeat.received.filter((request) => request.early)).toEqual([]);
});
afterAll(async () => {
  await close();
  clock.freeze(null);
});

async function issue(description = 'Informe médico') {
  const invoice = await t.deps.invoicing.issue(
    {
      patientId: patient.id,
      appointmentIds: [],
      kind: 'simplificada',
      lines: [{ description, quantity: 1, unitPriceCents: 3000, vat: 'exenta' }],
    },
    patient,
    { actor: null },
  );
  return invoice.number;
}

const states = async () =>
  (await t.deps.repos.verifactuSubmissions.list()).map(({ record, submission }) => ({
    number: recordInvoiceId(recordFromJson(record.record)).number,
    status: submission.status,
    attempts: submission.attempts,
    fault: submission.fault,
  }));

const resend = (cookie?: string, payload?: object) =>
  t.request({ method: 'POST', url: '/api/verifactu/resend', cookie, payload });

const chainState = async (cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/verifactu/state', cookie })).json().chains[0];

describe('sending again what a Client Fault refused', () => {
  it('puts back only the fault-refused records, which the worker sends after the wait; a line-rejected one is untouched', async () => {
    const admin = await t.createUser({ role: 'admin' });

    // Two records refused with the whole request: a fault of ours, never sent again by the worker.
    const [first, second] = [await issue(), await issue()];
    aeat.script.push({ kind: 'fault', faultcode: 'env:Client', faultstring: FAULT });
    expect(await t.deps.verifactuSender.sendDue()).toMatchObject({ submissions: 0, rejected: 2 });

    // One rejected by a line of an answer: it waits for the desk's correction, and resending does not touch it.
    const lined = await issue('Certificado médico');
    aeat.script.push({ kind: 'answer', rejected: { [lined]: ['1100', 'Valor o tipo incorrecto del campo'] } });
    expect(await t.deps.verifactuSender.sendDue()).toMatchObject({ submissions: 1, rejected: 1 });
    clock.advance(3_600_000);
    expect((await t.deps.verifactuSender.sendDue()).submissions).toBe(0);
    expect(await chainState(admin.cookie)).toMatchObject({ rejected: 3, faultRejected: 2, pendingSubmission: 0 });

    // An answer that sets a wait: what is sent again respects it, as the worker's every submission does.
    const later = await issue();
    aeat.script.push({ kind: 'answer', waitSeconds: 120 });
    expect(await t.deps.verifactuSender.sendDue()).toMatchObject({ submissions: 1, accepted: 1 });

    const response = await resend(admin.cookie, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ requeued: 2 });
    expect(await states()).toEqual([
      { number: first, status: 'pendiente', attempts: 1, fault: false },
      { number: second, status: 'pendiente', attempts: 1, fault: false },
      { number: lined, status: 'rechazado', attempts: 1, fault: false },
      { number: later, status: 'aceptado', attempts: 1, fault: false },
    ]);
    expect(await chainState(admin.cookie)).toMatchObject({ rejected: 1, faultRejected: 0, pendingSubmission: 2 });
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'verifactu'));
    expect(entries).toEqual([
      expect.objectContaining({ action: 'update', actorId: admin.id, details: { requeued: 2 } }),
    ]);

    // Not before the 120 s the last answer asked for; then both go in one request and are accepted.
    clock.advance(119_000);
    expect((await t.deps.verifactuSender.sendDue()).submissions).toBe(0);
    clock.advance(1_000);
    expect(await t.deps.verifactuSender.sendDue()).toMatchObject({ submissions: 1, accepted: 2, rejected: 0 });
    expect(aeat.received.at(-1)!.records.map((record) => record.number)).toEqual([first, second]);
    expect((await states()).filter((row) => row.number === first || row.number === second)).toEqual([
      { number: first, status: 'aceptado', attempts: 2, fault: false },
      { number: second, status: 'aceptado', attempts: 2, fault: false },
    ]);

    // Nothing is left to send again; a request without a body is the same call.
    expect((await resend(admin.cookie)).json()).toEqual({ requeued: 0 });
    expect(await chainState(admin.cookie)).toMatchObject({ rejected: 1, faultRejected: 0, pendingSubmission: 0 });
  });

  it('is the desk’s alone: a doctor, a paciente and a visitor are refused and nothing moves', async () => {
    const number = await issue();
    clock.advance(3_600_000);
    aeat.script.push({ kind: 'fault', faultcode: 'env:Client', faultstring: FAULT });
    expect(await t.deps.verifactuSender.sendDue()).toMatchObject({ rejected: 1 });
    const doctor = await t.createUser({ role: 'doctor' });
    const paciente = await t.createUser({ role: 'paciente' });
    expect((await resend(doctor.cookie, {})).statusCode).toBe(403);
    expect((await resend(paciente.cookie, {})).statusCode).toBe(403);
    expect((await resend(undefined, {})).statusCode).toBe(401);
    expect((await states()).filter((row) => row.number === number)).toEqual([
      { number, status: 'rechazado', attempts: 1, fault: true },
    ]);
  });

  it('sends again only the records of the clinic’s issuer, not those of a NIF it had before', async () => {
    clock.advance(3_600_000);
    const own = await issue();
    aeat.script.push({ kind: 'fault', faultcode: 'env:Client', faultstring: FAULT });
    expect(await t.deps.verifactuSender.sendDue()).toMatchObject({ rejected: 1 });
    // The certificate's holder is registered as the former NIF's representative, so that chain is sent too.
    await t.write((tx) =>
      t.deps.repos.clinic.updateSettings(
        { ...ISSUER, issuerNif: FORMER_NIF, verifactuRepresentedNifs: [FORMER_NIF] },
        tx,
      ),
    );
    const former = await issue();
    aeat.script.push({ kind: 'fault', faultcode: 'env:Client', faultstring: FAULT });
    expect(await t.deps.verifactuSender.sendDue()).toMatchObject({ rejected: 1 });
    await t.write((tx) => t.deps.repos.clinic.updateSettings(ISSUER, tx));

    const faults = async (issuerNif: string) =>
      (await t.deps.repos.verifactuSubmissions.list())
        .filter(({ submission }) => submission.issuerNif === issuerNif && submission.fault)
        .map(({ record }) => recordInvoiceId(recordFromJson(record.record)).number);
    const ours = await faults(ISSUER.issuerNif);
    expect(ours).toContain(own);
    expect(await faults(FORMER_NIF)).toEqual([former]);

    const admin = await t.createUser({ role: 'admin' });
    // The panel is told which chain is the clinic's now: only that one offers «Enviar de nuevo».
    const panel = (await t.request({ method: 'GET', url: '/api/verifactu/state', cookie: admin.cookie })).json();
    expect(panel.issuerNif).toBe(ISSUER.issuerNif);
    expect(panel.chains.map((chain: { issuerNif: string }) => chain.issuerNif).sort()).toEqual(
      [ISSUER.issuerNif, FORMER_NIF].sort(),
    );
    expect((await resend(admin.cookie, {})).json()).toEqual({ requeued: ours.length });
    expect(await faults(ISSUER.issuerNif)).toEqual([]);
    expect(await faults(FORMER_NIF)).toEqual([former]);
    expect((await states()).filter((row) => row.number === own)).toEqual([
      { number: own, status: 'pendiente', attempts: 1, fault: false },
    ]);
  });
});
