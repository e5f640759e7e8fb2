import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aeatClientFromConfig } from '../verifactu/aeat-client';
import { recordFromJson } from '../verifactu/record-json';
import { createAlta, informationSystem } from '../verifactu/records';
import { recordXml, submissionXml } from '../verifactu/xml';
import { validateXml } from '../verifactu/xsd-validate';
import { verifyChain } from '../verifactu/verify-chain';
import type { RegistroAlta } from '../verifactu/types';
import { Temporal } from 'temporal-polyfill';
import { clock } from '../../platform/clock';
import { buildAeatTestBed, type AeatTestBed } from '../../test/aeat-app';
import type { TestAeatServer } from '../../test/aeat-server';
import type { TestApp } from '../../test/app';
import { createPatientRecord } from '../../test/fixtures';

/** Issue 35, item 3: a record the AEAT rejected or accepted with errors goes out corrected, by the desk's hand. */
const ISSUER = {
  issuerLegalName: 'Clínica Corrige, S.L.',
  issuerNif: 'B12345674',
  issuerAddress: 'Calle Mayor 1, 28013 Madrid',
  issuerRegistry: '',
};
const DESCRIPTION_ERROR: [string, string] = ['1100', 'Valor o tipo incorrecto del campo: DescripcionOperacion'];
const CENSUS_ERROR: [string, string] = [
  '2001',
  'El NIF del bloque Destinatarios no está identificado en el censo de la AEAT.',
];

let t: TestApp;
let aeat: TestAeatServer;
let close: AeatTestBed['close'];
let admin: { cookie: string; id: string };

beforeAll(async () => {
  clock.freeze('2026-03-06T19:30:00+01:00'); // a Friday evening
  ({ t, aeat, close } = await buildAeatTestBed(ISSUER));
  admin = await t.createUser({ role: 'admin' });
  aeat.rules.push(
    { field: 'description', value: 'Consulta B', state: 'Incorrecto', error: DESCRIPTION_ERROR },
    { field: 'description', value: 'Consulta C', state: 'Incorrecto', error: DESCRIPTION_ERROR },
    { field: 'recipientId', value: '12345678Z', state: 'AceptadoConErrores', error: CENSUS_ERROR },
  );
}, 240_000);
afterAll(async () => {
  await close();
  clock.freeze(null);
});
beforeEach(() => clock.advance(3_600_000));

const send = async () => {
  clock.advance(120_000);
  return t.deps.verifactuSender.sendDue();
};
const chain = async () => t.deps.repos.verifactuRecords.chain();
const recordsOf = async (invoiceId: string) => (await chain()).filter((row) => row.invoiceId === invoiceId);
const view = (id: number) =>
  t.request({ method: 'GET', url: `/api/verifactu/records/${id}/correction`, cookie: admin.cookie });
const correct = (id: number, payload: object) =>
  t.request({ method: 'POST', url: `/api/verifactu/records/${id}/correction`, cookie: admin.cookie, payload });

async function issue(kind: 'simplificada' | 'completa', description: string, patientId: string) {
  // DescripcionOperacion is the clinic's, never the lines' (decision «invoices as the law writes them»): each invoice
  // here goes out with the description the AEAT's rules of this test look at.
  await t.write((tx) => t.deps.repos.clinic.updateSettings({ invoiceOperationDescription: description }, tx));
  const response = await t.request({
    method: 'POST',
    url: '/api/invoices',
    cookie: admin.cookie,
    payload: { patientId, kind, lines: [{ description, quantity: 1, unitPriceCents: 4000, vat: 'exenta' }] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; number: string };
}

function expectValid(record: unknown) {
  const result = validateXml(recordXml(recordFromJson(record)), 'SuministroInformacion.xsd');
  expect(result.errors).toBe('');
}

describe('a record rejected for its DescripcionOperacion', () => {
  it('waits «pendiente de corregir»; the same data is refused, here and by the AEAT; a changed description goes out S/X and is accepted', async () => {
    const patient = await createPatientRecord(t, { firstName: 'Berta', lastName: 'Be', email: '', phone: '' });
    const invoice = await issue('simplificada', 'Consulta B', patient.id);
    expect(await send()).toMatchObject({ submissions: 1, rejected: 1 });
    const [rejected] = await recordsOf(invoice.id);

    const list = (await t.request({ method: 'GET', url: '/api/verifactu/records', cookie: admin.cookie })).json();
    expect(list.records.find((row: { id: number }) => row.id === rejected!.id)).toMatchObject({
      status: 'rechazado',
      pendingCorrection: true,
      errorCode: '1100',
    });
    const screen = await view(rejected!.id);
    expect(screen.statusCode, screen.body).toBe(200);
    expect(screen.json()).toMatchObject({
      invoiceNumber: invoice.number,
      status: 'rechazado',
      errorCode: '1100',
      errorDescription: DESCRIPTION_ERROR[1],
      recipient: null,
      description: 'Consulta B',
      rejectedBefore: 'X',
    });

    // Unchanged: refused before anything is written.
    const unchanged = await correct(rejected!.id, { description: 'Consulta B' });
    expect(unchanged.statusCode).toBe(409);
    expect(unchanged.json().error.message).toContain('No has cambiado ningún dato');
    expect(await recordsOf(invoice.id)).toHaveLength(1);
    // A simplified invoice names no recipient.
    const named = await correct(rejected!.id, {
      description: 'Consulta de medicina general',
      recipient: { name: 'Berta Be', documentType: 'dni', documentNumber: '12345678Z' },
    });
    expect(named.statusCode).toBe(400);

    // The local AEAT, as the real one, rejects an unchanged correction for the same reason.
    const original = recordFromJson(rejected!.record) as RegistroAlta;
    const system = informationSystem({ producer: { name: 'Clínica', nif: 'B00000000' }, installationNumber: 'x' });
    const last = recordFromJson((await chain()).at(-1)!.record);
    const same = createAlta(
      original.invoice,
      { previous: last, at: Temporal.Instant.fromEpochMilliseconds(clock.nowMs()), system },
      { rejectedBefore: 'X' },
    );
    const client = aeatClientFromConfig(t.deps.config.verifactu)!;
    const answer = await client.submit(submissionXml(original.invoice.issuer, [same]), 'test');
    expect(answer.lines).toEqual([expect.objectContaining({ state: 'Incorrecto', errorCode: '1100' })]);

    // Changed: a new record, flagged S/X, chained; the rejected one stays as it was.
    const done = await correct(rejected!.id, { description: 'Consulta de medicina general' });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ rejectedBefore: 'X' });
    const [kept, correction] = await recordsOf(invoice.id);
    expect(kept).toEqual(rejected);
    expect(recordFromJson(correction!.record)).toMatchObject({
      correction: { rejectedBefore: 'X' },
      invoice: { number: invoice.number, description: 'Consulta de medicina general' },
    });
    expectValid(correction!.record);
    expect((await correct(rejected!.id, { description: 'Otra' })).statusCode).toBe(409);
    const read = await t.request({ method: 'GET', url: `/api/invoices/${invoice.id}`, cookie: admin.cookie });
    expect(read.json()).toMatchObject({ number: invoice.number, description: 'Consulta de medicina general' });

    aeat.received.length = 0;
    expect(await send()).toMatchObject({ submissions: 1, accepted: 1, rejected: 0 });
    expect(aeat.received.at(-1)!.records).toEqual([
      expect.objectContaining({ number: invoice.number, subsanacion: 'S', rechazoPrevio: 'X' }),
    ]);
    const all = await chain();
    expect(verifyChain(all.map((row) => recordFromJson(row.record)))).toEqual({ ok: true, count: all.length });
  });
});

describe('a record accepted with errors', () => {
  it('is corrected with Subsanacion S and RechazoPrevio N; a rejected subsanación of it with RechazoPrevio S', async () => {
    const patient = await createPatientRecord(t, {
      firstName: 'Nora',
      lastName: 'Ene',
      email: '',
      phone: '',
      documentType: 'dni',
      documentNumber: '12345678Z',
      address: 'Calle Luna 2, Madrid',
    });
    const invoice = await issue('completa', 'Revisión', patient.id);
    expect(await send()).toMatchObject({ submissions: 1, acceptedWithErrors: 1 });
    const [first] = await recordsOf(invoice.id);
    expect((await view(first!.id)).json()).toMatchObject({
      status: 'aceptado_con_errores',
      errorCode: '2001',
      recipient: { name: 'Nora Ene', documentType: 'dni', documentNumber: '12345678Z' },
      rejectedBefore: 'N',
    });
    const recipient = { name: 'Nora Ene', documentType: 'dni', documentNumber: '00000000T' };
    // Without the recipient a complete invoice is refused.
    expect((await correct(first!.id, { description: 'Revisión' })).statusCode).toBe(400);

    // A correction the AEAT rejects (its description) …
    expect((await correct(first!.id, { description: 'Consulta C', recipient })).json()).toMatchObject({
      rejectedBefore: 'N',
    });
    aeat.received.length = 0;
    expect(await send()).toMatchObject({ submissions: 1, rejected: 1 });
    expect(aeat.received.at(-1)!.records).toEqual([
      expect.objectContaining({ subsanacion: 'S', rechazoPrevio: 'N', recipientId: '00000000T' }),
    ]);
    const [, second] = await recordsOf(invoice.id);
    expect((await view(second!.id)).json()).toMatchObject({ status: 'rechazado', rejectedBefore: 'S' });

    // … is corrected again: the AEAT holds the invoice and its subsanación was rejected.
    expect((await correct(second!.id, { description: 'Revisión anual', recipient })).json()).toMatchObject({
      rejectedBefore: 'S',
    });
    expect(await send()).toMatchObject({ submissions: 1, accepted: 1 });
    expect(aeat.received.at(-1)!.records).toEqual([
      expect.objectContaining({ subsanacion: 'S', rechazoPrevio: 'S', description: 'Revisión anual' }),
    ]);
    for (const row of await recordsOf(invoice.id)) expectValid(row.record);
    const read = (await t.request({ method: 'GET', url: `/api/invoices/${invoice.id}`, cookie: admin.cookie })).json();
    expect(read).toMatchObject({
      description: 'Revisión anual',
      recipient: { name: 'Nora Ene', taxId: '00000000T', address: 'Calle Luna 2, Madrid' },
    });
  });
});
