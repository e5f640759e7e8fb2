import fs from 'node:fs';
import { Temporal } from 'temporal-polyfill';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aeatClientFromConfig, createAeatClient } from '../verifactu/aeat-client';
import { recordFromJson, recordToJson } from '../verifactu/record-json';
import { createAlta, recordInvoiceId } from '../verifactu/records';
import type { TestAeatServer } from '../../test/aeat-server';
import { verifyChain } from '../verifactu/verify-chain';
import { clock } from '../../platform/clock';
import { buildTestApp, type TestApp } from '../../test/app';
import { buildAeatTestBed, type AeatTestBed } from '../../test/aeat-app';
import { createPatientRecord } from '../../test/fixtures';
import type { TestCertificates } from '../../test/tls';
import type { PatientRow } from '../../identity/patients/repository';
import { createVerifactuSender, SUBMISSION_POLICY, type SubmissionPolicy } from './sender';

const ISSUER = {
  issuerLegalName: 'Clínica Salud Norte, S.L.',
  issuerNif: 'B12345674',
  issuerAddress: 'Calle Mayor 1, 28013 Madrid',
  issuerRegistry: '',
};

let certs: TestCertificates;
let aeat: TestAeatServer;
let t: TestApp;
let close: AeatTestBed['close'];
let patient: PatientRow;

beforeAll(async () => {
  clock.freeze('2026-03-02T10:00:00+01:00');
  ({ t, aeat, certs, close } = await buildAeatTestBed(ISSUER));
  patient = await createPatientRecord(t, {
    firstName: 'Lucía',
    lastName: 'Envío',
    email: 'lucia@envio.test',
    phone: '',
  });
});
afterAll(async () => {
  await close();
  clock.freeze(null);
});

/** Every test starts with everything sent and the issuer's wait over. */
beforeEach(async () => {
  aeat.script.length = 0;
  clock.advance(3_600_000);
  await t.deps.verifactuSender.sendDue();
  clock.advance(3_600_000);
  aeat.received.length = 0;
});
afterEach(() => {
  expect(aeat.received.filter((request) => !request.valid).map((request) => request.errors)).toEqual([]);
  expect(aeat.received.filter((request) => request.early)).toEqual([]);
});

/** A simplified invoice of one exempt line; answers its number. */
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

/** A sender of its own (another instance's worker), with its own timeout and policy. */
function anotherSender(options: { timeoutMs?: number; policy?: Partial<SubmissionPolicy> } = {}) {
  return createVerifactuSender({
    db: t.database.db,
    repo: t.deps.repos.verifactuSubmissions,
    outages: t.deps.repos.verifactuOutages,
    client: createAeatClient({
      endpoint: aeat.url,
      pfx: fs.readFileSync(certs.clientP12Path),
      passphrase: certs.clientPassword,
      ca: certs.ca,
      timeoutMs: options.timeoutMs ?? 10_000,
    }),
    certificateNif: ISSUER.issuerNif,
    log: t.app.log,
    policy: { ...SUBMISSION_POLICY, ...options.policy },
  });
}

const sendStates = async () =>
  (await t.deps.repos.verifactuSubmissions.list()).map(({ record, submission }) => ({
    number: recordInvoiceId(recordFromJson(record.record)).number,
    status: submission.status,
    attempts: submission.attempts,
  }));

const stateOf = async (number: string) => (await sendStates()).filter((row) => row.number === number);

describe('sending the records to the AEAT', () => {
  it('sends the pending records in one request with the configured certificate, and waits the TiempoEsperaEnvio the answer sets', async () => {
    const numbers = [await issue(), await issue(), await issue()];
    aeat.script.push({ kind: 'answer', waitSeconds: 120 });
    expect(await t.deps.verifactuSender.sendDue()).toMatchObject({ submissions: 1, accepted: 3, retried: 0 });
    expect(aeat.received).toHaveLength(1);
    expect(aeat.received[0]!.clientCn).toBe('B12345674 Clinica de pruebas');
    expect(aeat.received[0]!.records.map((record) => record.number)).toEqual(numbers);
    for (const number of numbers) expect(await stateOf(number)).toEqual([{ number, status: 'aceptado', attempts: 1 }]);
    const window = await t.deps.repos.verifactuSubmissions.window(ISSUER.issuerNif);
    expect(window).toMatchObject({
      lastStatus: 'Correcto',
      lastWaitSeconds: 120,
      lastCsv: expect.stringMatching(/^A-/),
    });

    // A new invoice waits the two minutes the answer asked for: not at 119 s, at 120 s.
    const next = await issue();
    expect((await t.deps.verifactuSender.sendDue()).submissions).toBe(0);
    clock.advance(119_000);
    expect((await t.deps.verifactuSender.sendDue()).submissions).toBe(0);
    expect(await stateOf(next)).toEqual([{ number: next, status: 'pendiente', attempts: 0 }]);
    clock.advance(1_000);
    expect(await t.deps.verifactuSender.sendDue()).toMatchObject({ submissions: 1, accepted: 1 });
    expect(aeat.received.map((request) => request.records.length)).toEqual([3, 1]);
  });

  it('sends at most 1 000 records a request: 1 001 pending go as 1 000, then 1 after the wait', async () => {
    const first = await issue();
    // 1 000 more records in the chain, as 1 000 invoices would write them (through the same append path).
    const stored = (await t.deps.repos.verifactuRecords.chain()).at(-1)!;
    const base = recordFromJson(stored.record);
    if (base.kind !== 'alta') throw new Error('expected an alta');
    await t.write(async (tx) => {
      let previous = await t.deps.repos.verifactuRecords.lockChain(ISSUER.issuerNif, 'pruebas', tx);
      for (let i = 1; i <= 1000; i++) {
        const record = createAlta(
          { ...base.invoice, number: `LOTE-${String(i).padStart(4, '0')}` },
          {
            previous: recordFromJson(previous!.record),
            at: Temporal.Instant.fromEpochMilliseconds(clock.nowMs()),
            system: base.system,
          },
        );
        previous = await t.deps.repos.verifactuRecords.appendRecord(
          {
            issuerNif: ISSUER.issuerNif,
            mode: 'pruebas',
            kind: 'alta',
            invoiceId: stored.invoiceId,
            record: recordToJson(record),
            huella: record.huella,
          },
          previous,
          tx,
        );
      }
    });
    expect(await t.deps.verifactuSender.sendDue()).toMatchObject({ submissions: 1, accepted: 1000 });
    expect(aeat.received.map((request) => request.records.length)).toEqual([1000]);
    expect(aeat.received[0]!.records[0]!.number).toBe(first);
    clock.advance(60_000);
    expect(await t.deps.verifactuSender.sendDue()).toMatchObject({ submissions: 1, accepted: 1 });
    expect(aeat.received.map((request) => request.records.length)).toEqual([1000, 1]);
    expect(aeat.received[1]!.records[0]!.number).toBe('LOTE-1000');
    const chain = (await t.deps.repos.verifactuRecords.chain()).map((row) => recordFromJson(row.record));
    expect(verifyChain(chain)).toEqual({ ok: true, count: chain.length });
  }, 90_000);

  it('two workers racing send each record exactly once', async () => {
    const numbers = [await issue(), await issue(), await issue(), await issue(), await issue()];
    const workers = [t.deps.verifactuSender, anotherSender(), anotherSender()];
    const runs = await Promise.all([...workers, ...workers].map((worker) => worker.sendDue()));
    expect(runs.reduce((sum, run) => sum + run.submissions, 0)).toBe(1);
    expect(runs.reduce((sum, run) => sum + run.accepted, 0)).toBe(5);
    expect(aeat.received.flatMap((request) => request.records.map((record) => record.number))).toEqual(numbers);
    for (const number of numbers) expect(await stateOf(number)).toEqual([{ number, status: 'aceptado', attempts: 1 }]);
  });

  it('a worker that died with its claim: the records come back after the lease and go once', async () => {
    const number = await issue();
    const claim = await t.write((tx) =>
      t.deps.repos.verifactuSubmissions.claim(
        clock.now(),
        new Date(clock.nowMs() + SUBMISSION_POLICY.leaseMs),
        1000,
        ISSUER.issuerNif,
        tx,
      ),
    );
    expect(claim?.records).toHaveLength(1);
    expect((await t.deps.verifactuSender.sendDue()).submissions).toBe(0);
    clock.advance(SUBMISSION_POLICY.leaseMs);
    expect(await t.deps.verifactuSender.sendDue()).toMatchObject({ submissions: 1, accepted: 1 });
    expect(await stateOf(number)).toEqual([{ number, status: 'aceptado', attempts: 2 }]);
    // The dead worker's claim can no longer settle it.
    const late = { recordId: claim!.records[0]!.recordId, attempts: 1, status: 'rechazado' as const };
    expect(
      await t.write((tx) =>
        t.deps.repos.verifactuSubmissions.settle(
          [{ ...late, errorCode: null, errorDescription: null }],
          clock.now(),
          null,
          tx,
        ),
      ),
    ).toBe(0);
    expect(aeat.received).toHaveLength(1);
  });

  it('backs off after a timeout and a 503, exponentially, and sends when the service answers', async () => {
    // Long enough for a TLS handshake on a loaded CI machine (the 503 must come back within it), short enough to
    // wait out the hang.
    const worker = anotherSender({ timeoutMs: 3_000 });
    const number = await issue();
    aeat.script.push({ kind: 'hang' }, { kind: 'status', status: 503 });
    expect(await worker.sendDue()).toMatchObject({ submissions: 0, retried: 1 });
    expect(await t.deps.repos.verifactuSubmissions.list().then((rows) => rows.at(-1)!.submission)).toMatchObject({
      status: 'pendiente',
      attempts: 1,
      lastErrorCode: 'TIMEOUT',
      lastErrorDescription: 'La AEAT no respondió a tiempo',
    });
    // Not before its back-off: 30 s after the first failure.
    clock.advance(29_000);
    expect((await worker.sendDue()).retried).toBe(0);
    clock.advance(1_000);
    expect(await worker.sendDue()).toMatchObject({ submissions: 0, retried: 1 });
    expect(await t.deps.repos.verifactuSubmissions.list().then((rows) => rows.at(-1)!.submission)).toMatchObject({
      status: 'pendiente',
      attempts: 2,
      lastErrorCode: 'HTTP 503',
    });
    // Then 60 s after the second.
    clock.advance(59_000);
    expect((await worker.sendDue()).submissions).toBe(0);
    clock.advance(1_000);
    expect(await worker.sendDue()).toMatchObject({ submissions: 1, accepted: 1 });
    expect(await stateOf(number)).toEqual([{ number, status: 'aceptado', attempts: 3 }]);
    expect(aeat.received).toHaveLength(3);
    await worker.close();
  });

  it('a Server fault is tried again later; a Client fault is a refusal kept with its code, not retried', async () => {
    const number = await issue();
    aeat.script.push(
      { kind: 'fault', faultcode: 'env:Server', faultstring: 'Codigo[103].Error técnico, inténtelo más tarde' },
      {
        kind: 'fault',
        faultcode: 'env:Client',
        faultstring: 'Codigo[4104].Error en la cabecera: el NIF no está identificado',
      },
    );
    expect(await t.deps.verifactuSender.sendDue()).toMatchObject({ retried: 1, rejected: 0 });
    clock.advance(30_000);
    expect(await t.deps.verifactuSender.sendDue()).toMatchObject({ retried: 0, rejected: 1 });
    expect(await t.deps.repos.verifactuSubmissions.list().then((rows) => rows.at(-1)!.submission)).toMatchObject({
      status: 'rechazado',
      fault: true,
      lastErrorCode: '4104',
      lastErrorDescription: 'Codigo[4104].Error en la cabecera: el NIF no está identificado',
    });
    clock.advance(3_600_000);
    expect((await t.deps.verifactuSender.sendDue()).submissions).toBe(0);
    expect(await stateOf(number)).toEqual([{ number, status: 'rechazado', attempts: 2 }]);
  });

  it('a rejected alta is not sent again as it was: it waits for the desk to correct it, with the AEAT’s error, and the chain verifies', async () => {
    const rejected = await issue('Certificado médico');
    const accepted = await issue();
    const before = (await t.deps.repos.verifactuRecords.chain()).find(
      (row) => (row.record as { invoice?: { number: string } }).invoice?.number === rejected,
    )!;
    aeat.script.push({
      kind: 'answer',
      rejected: { [rejected]: ['1100', 'Valor o tipo incorrecto del campo: DescripcionOperacion'] },
    });
    expect(await t.deps.verifactuSender.sendDue()).toMatchObject({ submissions: 1, accepted: 1, rejected: 1 });
    const original = await t.deps.repos.verifactuSubmissions.findByRecord(before.id);
    expect(original).toMatchObject({
      status: 'rechazado',
      lastErrorCode: '1100',
      lastErrorDescription: 'Valor o tipo incorrecto del campo: DescripcionOperacion',
      correctedBy: null,
    });
    expect(await stateOf(accepted)).toEqual([{ number: accepted, status: 'aceptado', attempts: 1 }]);

    // Nothing is written or sent for it by itself (issue 35: the same «Consulta B» went out a minute later).
    const chain = await t.deps.repos.verifactuRecords.chain();
    expect(chain.filter((row) => row.invoiceId === before.invoiceId)).toEqual([before]);
    clock.advance(3_600_000);
    expect((await t.deps.verifactuSender.sendDue()).submissions).toBe(0);
    expect(
      aeat.received.flatMap((request) => request.records).filter((record) => record.number === rejected),
    ).toHaveLength(1);
    expect(await stateOf(rejected)).toEqual([{ number: rejected, status: 'rechazado', attempts: 1 }]);
    expect(verifyChain(chain.map((row) => recordFromJson(row.record)))).toEqual({ ok: true, count: chain.length });

    const admin = await t.createUser({ role: 'admin' });
    const state = (await t.request({ method: 'GET', url: '/api/verifactu/state', cookie: admin.cookie })).json();
    expect(state.certificateConfigured).toBe(true);
    expect(state.chains[0]).toMatchObject({
      broken: null,
      pendingSubmission: 0,
      rejected: 2, // this one and the Client fault's
      faultRejected: 1,
      acceptedWithErrors: 0,
      lastAnswer: { status: 'ParcialmenteCorrecto', waitSeconds: 60, csv: expect.stringMatching(/^A-PRUEBA/) },
    });
    expect(state.chains[0].accepted + state.chains[0].rejected).toBe(state.chains[0].records);
  });
});

describe('with no certificate configured', () => {
  it('sends nothing: the records wait as «pendiente de envío» and the state says there is no certificate', async () => {
    const bare = await buildTestApp();
    try {
      await bare.write((tx) => bare.deps.repos.clinic.updateSettings(ISSUER, tx));
      const someone = await createPatientRecord(bare, {
        firstName: 'Sin',
        lastName: 'Envío',
        email: 's@e.test',
        phone: '',
      });
      const line = { description: 'Informe', quantity: 1, unitPriceCents: 3000, vat: 'exenta' as const };
      for (let i = 0; i < 2; i++) {
        await bare.deps.invoicing.issue(
          { patientId: someone.id, appointmentIds: [], kind: 'simplificada', lines: [line] },
          someone,
          { actor: null },
        );
      }
      expect(bare.deps.verifactuSender.enabled).toBe(false);
      clock.advance(3_600_000);
      expect(await bare.deps.verifactuSender.sendDue()).toEqual({
        submissions: 0,
        accepted: 0,
        acceptedWithErrors: 0,
        rejected: 0,
        retried: 0,
      });
      const rows = await bare.deps.repos.verifactuSubmissions.list();
      expect(rows.map((row) => [row.submission.status, row.submission.attempts])).toEqual([
        ['pendiente', 0],
        ['pendiente', 0],
      ]);
      const admin = await bare.createUser({ role: 'admin' });
      const state = (await bare.request({ method: 'GET', url: '/api/verifactu/state', cookie: admin.cookie })).json();
      expect(state).toMatchObject({
        certificateConfigured: false,
        chains: [{ records: 2, pendingSubmission: 2, accepted: 0, rejected: 0, lastAnswer: null }],
      });
    } finally {
      await bare.close();
    }
  });

  it('a certificate that does not open with its password stops the start, without saying the password', () => {
    const config = {
      certificate: { path: certs.clientP12Path, password: 'no-es-esta-clave' },
    };
    expect(() => aeatClientFromConfig(config)).toThrow(
      'El certificado de VERIFACTU_CERT_PATH no se abre con VERIFACTU_CERT_PASSWORD',
    );
    expect(aeatClientFromConfig({})).toBeNull();
  });
});
