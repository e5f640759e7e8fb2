import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../platform/clock';
import { buildTestApp, type TestApp } from '../test/app';
import { recordFromJson } from '../billing/verifactu/record-json';
import { verifyChain } from '../billing/verifactu/verify-chain';
import { SEES_EVERYTHING } from '../access/visibility';
import { seedDemoIfEmpty } from './demo';

let t: TestApp;
beforeAll(async () => {
  clock.freeze('2026-11-26T18:30:00+01:00');
  t = await buildTestApp();
  await seedDemoIfEmpty(t.deps);
}, 120_000);
afterAll(async () => {
  await t?.close();
  clock.freeze(null);
});

describe('the demo catalogue', () => {
  it('prices every specialty’s services, each performed by its doctors, with the aesthetic one taxed at 21 %', async () => {
    const services = await t.deps.repos.clinicServices.list();
    expect(services).toHaveLength(14);
    for (const service of services) {
      expect(service.doctors.length, service.name).toBeGreaterThan(0);
      expect(Number.isInteger(service.priceCents) && service.priceCents > 0, service.name).toBe(true);
    }
    expect(new Set(services.map((service) => service.specialty))).toEqual(
      new Set(['Medicina familiar', 'Pediatría', 'Dermatología', 'Traumatología']),
    );
    const taxed = services.filter((service) => service.vat !== 'exenta');
    expect(taxed.map((service) => [service.name, service.vat, service.bookableOnline])).toEqual([
      ['Peeling químico (estético)', '21', false],
      ['Certificado médico (permiso de conducir, deporte)', '21', false],
    ]);
    // The certificate for a driving licence says why it is taxed; the one on the patient's health stays exempt.
    expect(taxed[1]!.note).toMatch(/no es asistencia sanitaria/);
    expect(services.find((service) => service.name === 'Certificado médico')).toMatchObject({
      vat: 'exenta',
      note: '',
    });
  });
});

describe('the demo consent templates', () => {
  it('has infiltration’s template in two versions and the aesthetic peeling’s, each on its service', async () => {
    const templates = await t.deps.repos.consents.list();
    expect(
      templates.map((row) => [row.title, row.currentVersion, row.services.map((service) => service.name)]),
    ).toEqual([
      ['Consentimiento informado para infiltración', 2, ['Infiltración']],
      ['Consentimiento informado para peeling químico', 1, ['Peeling químico (estético)']],
    ]);
    const infiltration = (await t.deps.repos.consents.findById(templates[0]!.id))!;
    expect(infiltration.versions.map((version) => version.number)).toEqual([2, 1]);
    expect(infiltration.versions[0]!.body).toContain('guiada por ecografía');
    expect(infiltration.versions[1]!.body).not.toContain('guiada por ecografía');
    expect(infiltration.versions[0]!.createdBy).toBe('Marta Sánchez Ruiz');
  });
});

describe('the demo questionnaires', () => {
  it('asks «Cuestionario de primera visita» of first visits, and the demo paciente has answered the review’s', async () => {
    const list = await t.deps.repos.questionnaires.list();
    expect(list.map((row) => [row.title, row.firstVisit, row.services.map((service) => service.name)])).toEqual([
      ['Cuestionario antes de la revisión', false, ['Revisión']],
      ['Cuestionario de primera visita', true, []],
    ]);
    const paciente = (await t.deps.repos.auth.findAccountByEmail('paciente@clinica.demo'))!;
    const record = (await t.deps.repos.patients.findByAccount(paciente.id))!;
    const requests = await t.deps.repos.questionnaireRequests.visibleTo(SEES_EVERYTHING).list({ patientId: record.id });
    const sent = requests.find((request) => request.status === 'enviado');
    expect(sent?.answers).toMatchObject({
      alergias: { items: [{ substance: 'Penicilina' }, { substance: 'Ibuprofeno' }] },
    });
    expect(sent?.copied).toEqual([]);
  });
});

describe('the demo invoices', () => {
  it('holds complete invoices of the demo paciente, simplified ones, a cancelled one and a taxed one, chained', async () => {
    const invoices = await t.deps.repos.invoices.visibleTo(SEES_EVERYTHING).list({});
    const javier = invoices.filter((row) => row.patientName === 'Javier Moreno López');
    expect(javier.length).toBeGreaterThan(0);
    expect(javier.every((row) => row.type === 'F1')).toBe(true);
    expect(invoices.filter((row) => row.type === 'F2').length).toBeGreaterThanOrEqual(10);
    expect(invoices.filter((row) => row.state === 'anulada')).toHaveLength(1);
    const [rectifying] = invoices.filter((row) => row.type === 'R5');
    expect(rectifying).toMatchObject({ number: expect.stringMatching(/^R\d{4}-000001$/), totalCents: -1452 });
    const peeling = invoices.find((row) => row.number === rectifying!.rectifies);
    // Rectified the next open day, and then paid: nothing is owed on it.
    expect(peeling).toMatchObject({ type: 'F2', totalCents: 14520, paidCents: 14520 - 1452, outstandingCents: 0 });
    expect(rectifying!.issueDate > peeling!.issueDate).toBe(true);
    const [f3] = invoices.filter((row) => row.type === 'F3');
    const replaced = invoices.filter((row) => row.substitutedByNumber === f3?.number);
    expect(replaced.map((row) => row.type)).toEqual(['F2', 'F2']);
    expect(replaced.every((row) => row.issueDate < f3!.issueDate && row.outstandingCents === 0)).toBe(true);
    expect(invoices.some((row) => row.taxCents > 0)).toBe(true);
    // Numbered without gaps in each series, and the chain (altas and the anulación) verifies.
    for (const series of ['F2026', 'S2026']) {
      const numbers = invoices
        .filter((row) => row.number.startsWith(series))
        .map((row) => row.number)
        .sort();
      expect(numbers).toEqual(numbers.map((_, index) => `${series}-${String(index + 1).padStart(6, '0')}`));
    }
    const records = (await t.deps.repos.verifactuRecords.chain()).map((row) => recordFromJson(row.record));
    expect(records).toHaveLength(invoices.length + 1);
    expect(verifyChain(records)).toEqual({ ok: true, count: records.length });
    // Attended visits are left to invoice.
    expect((await t.deps.repos.invoices.attendedNotInvoiced(100)).length).toBeGreaterThan(0);
  });
});

describe('the demo’s signed consents (issue 24)', () => {
  it('the demo paciente signed one consent and has one to sign; today’s diary has one signed and one pending', async () => {
    const paciente = (await t.deps.repos.auth.findAccountByEmail('paciente@clinica.demo'))!;
    const record = (await t.deps.repos.patients.findByAccount(paciente.id))!;
    const own = await t.deps.repos.consentSigning.visibleTo(SEES_EVERYTHING).ofPatient(record.id);
    expect(own.map((item) => item.status).sort()).toEqual(['firmado', 'pendiente']);
    const today = await t.deps.repos.consentSigning
      .visibleTo(SEES_EVERYTHING)
      .between(new Date('2026-11-25T23:00:00Z'), new Date('2026-11-26T23:00:00Z'));
    const others = today.filter((item) => item.patientId !== record.id);
    expect(others.map((item) => item.status).sort()).toEqual(['firmado', 'pendiente']);
  });
});
