import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordFromJson } from '../verifactu/record-json';
import { recordInvoiceId } from '../verifactu/records';
import type { TestAeatServer } from '../../test/aeat-server';
import { clock } from '../../platform/clock';
import type { TestApp } from '../../test/app';
import { buildAeatTestBed, type AeatTestBed } from '../../test/aeat-app';
import { createPatientRecord } from '../../test/fixtures';
import type { PatientRow } from '../../identity/patients/repository';

// Issue 35, item 4: «a chain is sent only with a certificate entitled for its NIF». The test certificate's holder is
// B12345674; a chain of another NIF goes only once the clinic confirmed that holder represents it.
const ISSUER = {
  issuerLegalName: 'Clínica Salud Norte, S.L.',
  issuerNif: 'B12345674',
  issuerAddress: 'Calle Mayor 1, 28013 Madrid',
  issuerRegistry: '',
};
const OTHER_NIF = 'A58818501';
const THIRD_NIF = 'B86561412';

let t: TestApp;
let aeat: TestAeatServer;
let close: AeatTestBed['close'];
let patient: PatientRow;
let admin: { cookie: string };

beforeAll(async () => {
  clock.freeze('2026-05-11T18:30:00+02:00'); // a Monday evening
  ({ t, aeat, close } = await buildAeatTestBed(ISSUER));
  patient = await createPatientRecord(t, {
    firstName: 'Nora',
    lastName: 'Titular',
    email: 'nora@prueba.test',
    phone: '',
  });
  admin = await t.createUser({ role: 'admin' });
});
afterAll(async () => {
  await close();
  clock.freeze(null);
});
beforeEach(() => {
  clock.advance(3_600_000); // past any wait the last answer set
  aeat.received.length = 0;
});

const setIssuer = (changes: { issuerNif?: string; verifactuRepresentedNifs?: string[] }) =>
  t.write((tx) => t.deps.repos.clinic.updateSettings(changes, tx));

async function issue() {
  const invoice = await t.deps.invoicing.issue(
    {
      patientId: patient.id,
      appointmentIds: [],
      kind: 'simplificada',
      lines: [{ description: 'Informe médico', quantity: 1, unitPriceCents: 3000, vat: 'exenta' }],
    },
    patient,
    { actor: null },
  );
  return invoice.number;
}

const statusOf = async (number: string) =>
  (await t.deps.repos.verifactuSubmissions.list())
    .filter(({ record }) => recordInvoiceId(recordFromJson(record.record)).number === number)
    .map(({ submission }) => submission.status);
const sentNumbers = () => aeat.received.flatMap((request) => request.records.map((record) => record.number));

describe('a chain goes to the AEAT only with a certificate entitled for its NIF', () => {
  it('in pruebas, another NIF’s records wait unsent while the holder’s own go; once represented, they go too', async () => {
    const own = await issue();
    await setIssuer({ issuerNif: OTHER_NIF });
    const other = await issue();
    await t.deps.verifactuSender.sendDue();
    expect(sentNumbers()).toEqual([own]);
    expect(await statusOf(other)).toEqual(['pendiente']);

    await setIssuer({ verifactuRepresentedNifs: [OTHER_NIF] });
    clock.advance(3_600_000);
    await t.deps.verifactuSender.sendDue();
    expect(sentNumbers()).toEqual([own, other]);
    expect(await statusOf(other)).toEqual(['aceptado']);
    await setIssuer({ issuerNif: ISSUER.issuerNif, verifactuRepresentedNifs: [] });
  });

  it('in producción a represented NIF’s chain goes; a NIF neither the holder’s nor represented opens an incident that says why', async () => {
    const incidents = async () =>
      (await t.request({ method: 'GET', url: '/api/verifactu/incidents', cookie: admin.cookie })).json().incidents as {
        issuerNif: string;
        mode: string;
        endedAt: string | null;
        reason: string;
      }[];
    // The admin confirms the holder (B12345674) is registered as the representative of the issuer A58818501.
    await setIssuer({ issuerNif: OTHER_NIF });
    const live = await t.request({
      method: 'POST',
      url: '/api/verifactu/mode',
      cookie: admin.cookie,
      payload: { mode: 'produccion', confirm: true, representative: true },
    });
    expect(live.statusCode, live.body).toBe(200);
    expect((await t.deps.repos.clinic.getSettings()).verifactuRepresentedNifs).toEqual([OTHER_NIF]);
    const represented = await issue();
    expect(await incidents()).toEqual([]);
    await t.deps.verifactuSender.sendDue();
    expect(sentNumbers()).toEqual([represented]);

    await setIssuer({ issuerNif: THIRD_NIF });
    const other = await issue();
    expect(await incidents()).toEqual([
      expect.objectContaining({
        issuerNif: THIRD_NIF,
        mode: 'produccion',
        endedAt: null,
        reason:
          'El certificado es de NIF B12345674 y no representa al NIF B86561412: sus registros no se pueden enviar a la AEAT',
      }),
    ]);
    clock.advance(3_600_000);
    await t.deps.verifactuSender.sendDue();
    expect(sentNumbers()).toEqual([represented]);
    expect(await statusOf(other)).toEqual(['pendiente']);
    await setIssuer({ issuerNif: ISSUER.issuerNif });
  });
});
