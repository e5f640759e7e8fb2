import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRUEBAS_STAMP,
  type About,
  type VerifactuIncident,
  type VerifactuMode,
} from '../../../common/schemas/verifactu';
import { AeatSubmissionError, createAeatClient } from '../verifactu/aeat-client';
import { DEFAULT_PRODUCER } from '../../platform/producer';
import { recordFromJson } from '../verifactu/record-json';
import { submissionXml } from '../verifactu/xml';
import type { TestAeatServer } from '../../test/aeat-server';
import { clock } from '../../platform/clock';
import { loadConfig } from '../../platform/config';
import { buildAeatTestBed } from '../../test/aeat-app';
import { buildTestApp, type TestApp } from '../../test/app';
import { withAuditEntries } from '../../test/audit';
import { createPatientRecord } from '../../test/fixtures';
import { readPdf } from '../../test/pdf-text';
import type { TestCertificates } from '../../test/tls';
import { createVerifactuSender } from '../submissions/sender';

const ISSUER = {
  issuerLegalName: 'Clínica Salud Norte, S.L.',
  issuerNif: 'B12345674',
  issuerAddress: 'Calle Mayor 1, 28013 Madrid',
  issuerRegistry: '',
};
const TEST_QR = 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?';
const LIVE_QR = 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?';

/** An app of the desk: its admin, a patient and helpers that go through the API as the screens do. */
async function desk(t: TestApp) {
  const admin = await t.createUser({ role: 'admin' });
  const patient = await createPatientRecord(t, {
    firstName: 'Lucía',
    lastName: 'Modo',
    email: `lucia-${Math.random().toString(36).slice(2)}@modo.test`,
    phone: '',
  });
  const api = {
    admin,
    async issue(description = 'Informe médico') {
      const response = await t.request({
        method: 'POST',
        url: '/api/invoices',
        cookie: admin.cookie,
        payload: {
          patientId: patient.id,
          kind: 'simplificada',
          lines: [{ description, quantity: 1, unitPriceCents: 3000, vat: 'exenta' }],
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { id, number } = response.json<{ id: string; number: string }>();
      const detail = await t.request({ method: 'GET', url: `/api/invoices/${id}`, cookie: admin.cookie });
      return { id, number, detail: detail.json<{ verificationUrl: string; mode: string }>() };
    },
    async pdfText(id: string) {
      const response = await t.request({ method: 'GET', url: `/api/invoices/${id}/pdf`, cookie: admin.cookie });
      expect(response.statusCode).toBe(200);
      return (await readPdf(response.rawPayload)).text;
    },
    async mode() {
      const response = await t.request({ method: 'GET', url: '/api/verifactu/mode', cookie: admin.cookie });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<VerifactuMode>();
    },
    goLive(payload: Record<string, unknown> = {}) {
      return t.request({
        method: 'POST',
        url: '/api/verifactu/mode',
        cookie: admin.cookie,
        payload: { mode: 'produccion', confirm: true, ...payload },
      });
    },
    async incidents() {
      const response = await t.request({ method: 'GET', url: '/api/verifactu/incidents', cookie: admin.cookie });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ incidents: VerifactuIncident[] }>().incidents;
    },
    async records() {
      return (await t.deps.repos.verifactuSubmissions.list()).map(({ record, submission }) => ({
        record: recordFromJson(record.record),
        mode: record.mode,
        status: submission.status,
        incident: submission.incident,
      }));
    },
  };
  return api;
}

describe('pruebas: the demo and every installation until it goes live', () => {
  let t: TestApp;
  let other: TestApp;
  let api: Awaited<ReturnType<typeof desk>>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-modes-'));

  beforeAll(async () => {
    clock.freeze('2026-12-14T18:30:00+01:00');
    // The configuration `npm start` reads (NODE_ENV=production by default), even with the variable that used to
    // point the QR codes at the AEAT's live host: the environment is the clinic's mode, not the configuration.
    const started = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, VERIFACTU_ENTORNO: 'produccion' });
    t = await buildTestApp({ config: { verifactu: started.verifactu } });
    await t.write((tx) => t.deps.repos.clinic.updateSettings(ISSUER, tx));
    api = await desk(t);
  });
  afterAll(async () => {
    await t.close();
    await other?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    clock.freeze(null);
  });

  it('issues through POST /api/invoices, its QR at the AEAT’s test host, its PDF stamped and without «VERI*FACTU»', async () => {
    const invoice = await api.issue();
    expect(invoice.number).toBe('S2026-000001');
    expect(invoice.detail.mode).toBe('pruebas');
    expect(invoice.detail.verificationUrl.startsWith(TEST_QR)).toBe(true);
    const text = await api.pdfText(invoice.id);
    expect(text).toContain(PRUEBAS_STAMP);
    expect(text).toContain('QR tributario:');
    expect(text).toContain('Entorno de pruebas de la AEAT');
    expect(text).not.toContain('VERI*FACTU');
  });

  it('tells the desk plainly that nothing is sent and why, and that the invoices have no fiscal value', async () => {
    const mode = await api.mode();
    expect(mode).toMatchObject({
      mode: 'pruebas',
      productionSince: null,
      certificate: { status: 'absent' },
      sending: { ok: false, detail: expect.stringMatching(/^Modo pruebas: las facturas no tienen valor fiscal\./) },
      openIncident: null,
    });
    expect(mode.sending.detail).toContain('no hay certificado configurado');
    expect(mode.productionBlockers).toEqual([expect.stringMatching(/^No hay certificado electrónico configurado/)]);
    // The clinic's words: the settings name no environment variable (the operator's guide does).
    expect(JSON.stringify(mode)).not.toMatch(/VERIFACTU_[A-Z_]+/);
  });

  it('refuses producción without a certificate, saying so, and changes nothing', async () => {
    const refused = await api.goLive();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'PRODUCTION_NOT_READY',
      message: expect.stringMatching(/No hay certificado electrónico configurado/),
    });
    expect((await api.mode()).mode).toBe('pruebas');
    expect((await api.issue()).number).toBe('S2026-000002');
    const unconfirmed = await t.request({
      method: 'POST',
      url: '/api/verifactu/mode',
      cookie: api.admin.cookie,
      payload: { mode: 'produccion' },
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error.message).toMatch(/Confirma que quieres pasar a producción/);
  });

  it('names the producer of the software in SistemaInformatico, never the clinic, and this database’s installation', async () => {
    const { record } = (await api.records())[0]!;
    const settings = await t.deps.repos.clinic.getSettings();
    expect(record.system).toMatchObject({
      producer: { name: DEFAULT_PRODUCER.name, nif: DEFAULT_PRODUCER.nif },
      name: 'Clínica',
      id: 'CL',
      installationNumber: settings.verifactuInstallation,
    });
    expect(record.system.producer.nif).not.toBe(ISSUER.issuerNif);
    expect(settings.verifactuInstallation).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // Another installation (another database) has its own; this one keeps its own.
    other = await buildTestApp();
    const theirs = (await other.deps.repos.clinic.getSettings()).verifactuInstallation;
    expect(theirs).not.toBe(settings.verifactuInstallation);
    const stored = await t.database.db.execute(sql`SELECT verifactu_installation AS installation FROM clinic_settings`);
    expect((stored as unknown as { rows: { installation: string }[] }).rows).toEqual([
      { installation: settings.verifactuInstallation },
    ]);
  });

  it('gives anyone «Acerca de»: the system, its producer and the declaración responsable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public/about' });
    expect(response.statusCode).toBe(200);
    const about = response.json<About>();
    expect(about.system).toMatchObject({ name: 'Clínica', id: 'CL', producerNif: DEFAULT_PRODUCER.nif });
    expect(about.declaration.title).toBe('Declaración responsable del sistema informático de facturación');
    expect(about.declaration.items.map((item) => item.key).join('')).toBe('abcdefghijkl');
  });

  it('in producción without a certificate the records are of an incident, and the desk is told why nothing is sent', async () => {
    // Switched while a certificate was configured, which has since been removed from the configuration.
    await t.write((tx) =>
      t.deps.repos.clinic.updateSettings({ billingMode: 'produccion', billingProductionSince: clock.now() }, tx),
    );
    const invoice = await api.issue();
    expect(invoice.number).toBe('SV2026-000001');
    const live = (await api.records()).filter((row) => row.mode === 'produccion');
    expect(live).toEqual([expect.objectContaining({ incident: true, status: 'pendiente' })]);
    expect(live[0]!.record.chain).toEqual({ first: true });
    const [incident] = await api.incidents();
    expect(incident).toMatchObject({
      mode: 'produccion',
      endedAt: null,
      reason: expect.stringMatching(/No hay certificado configurado/),
    });
    const mode = await api.mode();
    expect(mode.sending).toEqual({
      ok: false,
      detail: expect.stringMatching(/^No se envía ningún registro a la AEAT: no hay certificado configurado\./),
    });
    expect(mode.openIncident).toMatchObject({ reason: expect.stringMatching(/No hay certificado/) });
  });
});

describe('going live: producción with the clinic’s certificate, and «Incidencias»', () => {
  let t: TestApp;
  let aeat: TestAeatServer;
  let certs: TestCertificates;
  let close: () => Promise<void>;
  let api: Awaited<ReturnType<typeof desk>>;
  let validTo: Date;
  const environments: string[] = [];
  /** The app's own worker, but through a client that notes which AEAT environment each submission went to. */
  let send: () => ReturnType<TestApp['deps']['verifactuSender']['sendDue']>;

  beforeAll(async () => {
    ({ t, aeat, certs, close } = await buildAeatTestBed(ISSUER));
    const pfx = fs.readFileSync(certs.clientP12Path);
    const context = tls.createSecureContext({ pfx, passphrase: certs.clientPassword });
    validTo = new X509Certificate((context.context as { getCertificate(): Buffer }).getCertificate()).validToDate;
    clock.freeze(new Date(validTo.getTime() - 20 * 86_400_000));
    api = await desk(t);
    const real = createAeatClient({
      endpoint: aeat.url,
      pfx,
      passphrase: certs.clientPassword,
      ca: certs.ca,
      timeoutMs: 10_000,
    });
    const sender = createVerifactuSender({
      db: t.database.db,
      repo: t.deps.repos.verifactuSubmissions,
      outages: t.deps.repos.verifactuOutages,
      client: { submit: (xml, environment) => (environments.push(environment), real.submit(xml, environment)) },
      certificateNif: 'B12345674',
      log: t.app.log,
    });
    send = () => sender.sendDue();
  });
  afterAll(async () => {
    expect(aeat.received.filter((request) => !request.valid).map((request) => request.errors)).toEqual([]);
    await close();
    clock.freeze(null);
  });

  it('shows the certificate’s holder and expiry, warns 30 days before it expires, and sends pruebas to the test environment', async () => {
    const mode = await api.mode();
    expect(mode.certificate).toMatchObject({
      status: 'loaded',
      holder: 'B12345674 Clinica de pruebas',
      nif: 'B12345674',
      validTo: validTo.toISOString(),
      daysLeft: 20,
    });
    expect(mode.certificateWarning).toMatch(/^El certificado caduca el .* \(quedan 20 días\): renuévalo antes\.$/);
    expect(mode).toMatchObject({ productionBlockers: [], representativeNeeded: false });
    expect(mode.sending).toEqual({
      ok: true,
      detail:
        'Modo pruebas: las facturas no tienen valor fiscal. Los registros de facturación se envían al entorno de pruebas de la AEAT.',
    });
    await api.issue();
    expect(await send()).toMatchObject({ submissions: 1, accepted: 1 });
    expect(environments).toEqual(['test']);
    expect(aeat.received.at(-1)!.records[0]).toMatchObject({
      producerNif: DEFAULT_PRODUCER.nif,
      installation: mode.system.installationNumber,
    });
  });

  it('refuses an expired certificate, and one that is not the issuer’s unless its holder is a representative', async () => {
    const now = clock.now();
    clock.freeze(new Date(validTo.getTime() + 86_400_000));
    api.admin.cookie = await t.signIn(api.admin.email);
    const expired = await api.goLive();
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error.message).toMatch(/^El certificado caducó el \d{2}\/\d{2}\/\d{4}: renuévalo\.$/);
    clock.freeze(now);
    api.admin.cookie = await t.signIn(api.admin.email);

    await t.write((tx) => t.deps.repos.clinic.updateSettings({ issuerNif: 'A58818501' }, tx));
    const mode = await api.mode();
    expect(mode).toMatchObject({ productionBlockers: [], representativeNeeded: true });
    const notTheIssuer = await api.goLive();
    expect(notTheIssuer.statusCode).toBe(409);
    expect(notTheIssuer.json().error.message).toMatch(
      /El certificado es de NIF B12345674, no del emisor \(NIF A58818501\): confirma que su titular está registrado en la AEAT como representante/,
    );
    expect((await api.mode()).mode).toBe('pruebas');
    await t.write((tx) => t.deps.repos.clinic.updateSettings({ issuerNif: ISSUER.issuerNif }, tx));
  });

  it('switches once, on record; producción starts its series at 1 with a chain of its own, its QR at the live host', async () => {
    const pruebas = await api.issue('Antes de producción'); // pending, never sent once live
    clock.advance(61_000);
    const { response, entries } = await withAuditEntries(t, {
      method: 'POST',
      url: '/api/verifactu/mode',
      cookie: api.admin.cookie,
      payload: { mode: 'produccion', confirm: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ mode: 'produccion', productionSince: clock.now().toISOString() });
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'update',
        entity: 'billing_mode',
        details: expect.objectContaining({ from: 'pruebas', to: 'produccion', representative: false }),
      }),
    ]);
    const again = await api.goLive();
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('La facturación ya está en producción.');

    const live = await api.issue('Primera factura real');
    expect(live.number).toBe(`SV${clock.today('Europe/Madrid').year}-000001`);
    expect(live.detail).toMatchObject({ mode: 'produccion' });
    expect(live.detail.verificationUrl.startsWith(LIVE_QR)).toBe(true);
    const text = await api.pdfText(live.id);
    expect(text).toContain('VERI*FACTU');
    expect(text).not.toContain(PRUEBAS_STAMP);
    // What was issued in pruebas stays so: its QR at the test host, its PDF stamped; it is not rectified as real.
    const before = await t.request({ method: 'GET', url: `/api/invoices/${pruebas.id}`, cookie: api.admin.cookie });
    expect(before.json().verificationUrl.startsWith(TEST_QR)).toBe(true);
    expect(await api.pdfText(pruebas.id)).toContain(PRUEBAS_STAMP);
    const rectify = await t.request({
      method: 'POST',
      url: `/api/invoices/${pruebas.id}/rectify`,
      cookie: api.admin.cookie,
      payload: {
        type: 'R5',
        method: 'diferencias',
        reason: 'Descuento',
        lines: [{ description: 'Descuento', quantity: 1, unitPriceCents: -500, vat: 'exenta' }],
      },
    });
    expect(rectify.statusCode).toBe(409);
    expect(rectify.json().error.message).toMatch(/modo pruebas y no tiene valor fiscal/);

    const records = await api.records();
    const liveRecords = records.filter((row) => row.mode === 'produccion');
    expect(liveRecords).toHaveLength(1);
    expect(liveRecords[0]!.record.chain).toEqual({ first: true });
    const state = (await t.request({ method: 'GET', url: '/api/verifactu/state', cookie: api.admin.cookie })).json();
    expect(state.environment).toBe('produccion');
    expect(state.chains).toEqual([
      expect.objectContaining({ issuerNif: ISSUER.issuerNif, mode: 'produccion', broken: null, records: 1 }),
      expect.objectContaining({ issuerNif: ISSUER.issuerNif, mode: 'pruebas', broken: null, pendingSubmission: 1 }),
    ]);

    // Only producción's records go now, to the AEAT's production environment; pruebas' wait, no longer sent.
    expect(await send()).toMatchObject({ submissions: 1, accepted: 1 });
    expect(environments.at(-1)).toBe('production');
    expect(aeat.received.at(-1)!.records.map((record) => record.number)).toEqual([live.number]);
    expect((await api.records()).find((row) => row.mode === 'pruebas' && row.status === 'pendiente')).toBeTruthy();

    // A pruebas invoice cancelled now: its anulación joins the pruebas chain, producción's is untouched.
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/invoices/${pruebas.id}/cancel`,
      cookie: api.admin.cookie,
      payload: { reason: 'Emitida en pruebas' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await api.records();
    expect(after.filter((row) => row.record.kind === 'anulacion').map((row) => row.mode)).toEqual(['pruebas']);
    expect(after.filter((row) => row.mode === 'produccion')).toHaveLength(1);
  });

  it('sends records generated or given back while the AEAT could not be reached with Incidencia = S, and lists the outage', async () => {
    clock.advance(61_000);
    const first = await api.issue('Durante la caída');
    aeat.script.push({ kind: 'status', status: 503 });
    expect(await send()).toMatchObject({ submissions: 0, retried: 1 });
    const started = clock.now().toISOString();
    expect(await api.incidents()).toEqual([
      expect.objectContaining({
        mode: 'produccion',
        startedAt: started,
        endedAt: null,
        reason: 'El servicio de la AEAT respondió HTTP 503',
      }),
    ]);
    const mode = await api.mode();
    expect(mode.sending.ok).toBe(false);
    expect(mode.sending.detail).toMatch(
      /^La AEAT no responde desde el .* \(El servicio de la AEAT respondió HTTP 503\)\./,
    );
    expect(mode.openIncident).toEqual({ startedAt: started, reason: 'El servicio de la AEAT respondió HTTP 503' });

    clock.advance(10_000);
    const second = await api.issue('Generada durante la caída');
    expect((await api.records()).filter((row) => row.mode === 'produccion').map((row) => row.incident)).toEqual([
      false,
      true,
      true,
    ]);

    clock.advance(30_000);
    expect(await send()).toMatchObject({ submissions: 1, accepted: 2 });
    const request = aeat.received.at(-1)!;
    expect(request.valid).toBe(true);
    expect(request.incident).toBe('S');
    expect(request.records.map((record) => record.number)).toEqual([first.number, second.number]);
    const [outage] = await api.incidents();
    expect(outage).toMatchObject({ startedAt: started, endedAt: clock.now().toISOString() });
    expect((await api.mode()).sending.ok).toBe(true);

    clock.advance(61_000);
    await api.issue('Después de la caída');
    expect(await send()).toMatchObject({ submissions: 1, accepted: 1 });
    expect(aeat.received.at(-1)!.incident).toBeNull();
  });

  it('posts each environment’s records to that environment’s address', async () => {
    const records = (await api.records()).filter((row) => row.mode === 'produccion').map((row) => row.record);
    const xml = submissionXml({ name: ISSUER.issuerLegalName, nif: ISSUER.issuerNif }, records.slice(0, 1));
    const client = createAeatClient({
      endpoint: {
        test: aeat.url,
        production: 'https://127.0.0.1:9/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
      },
      pfx: fs.readFileSync(certs.clientP12Path),
      passphrase: certs.clientPassword,
      ca: certs.ca,
      timeoutMs: 5_000,
    });
    clock.advance(61_000);
    await expect(client.submit(xml, 'test')).resolves.toMatchObject({ state: 'Correcto' });
    await expect(client.submit(xml, 'production')).rejects.toBeInstanceOf(AeatSubmissionError);
  });
});
