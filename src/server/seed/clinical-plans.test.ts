import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../platform/clock';
import { buildTestApp, type TestApp } from '../test/app';
import { seedDemoIfEmpty } from './demo';

let t: TestApp;
beforeAll(async () => {
  clock.freeze('2026-03-02T09:00:00+01:00');
  t = await buildTestApp();
  await seedDemoIfEmpty(t.deps);
}, 120_000);
afterAll(async () => {
  await t?.close();
  clock.freeze(null);
});

describe('the demo prescriptions and treatments', () => {
  it('give the demo paciente an active treatment with sessions done, a finished one and prescriptions (one anulada)', async () => {
    const cookie = await t.signIn('paciente@clinica.demo', 'clinica-demo');
    const treatments = (await t.request({ method: 'GET', url: '/api/treatments', cookie })).json();
    expect(
      treatments.map((item: { title: string; status: string; sessionsDone: number; sessionsPlanned: number }) => [
        item.title,
        item.status,
        item.sessionsDone,
        item.sessionsPlanned,
      ]),
    ).toEqual([
      ['Rehabilitación lumbar', 'activo', 3, 10],
      ['Control de la tensión arterial', 'finalizado', 3, 3],
    ]);
    const prescriptions = (await t.request({ method: 'GET', url: '/api/prescriptions', cookie })).json();
    expect(prescriptions.total).toBe(4);
    expect(prescriptions.items.filter((item: { status: string }) => item.status === 'anulada')).toHaveLength(1);
  });

  it('give the demo doctor prescriptions of other patients too, and recent medicines to pick', async () => {
    const cookie = await t.signIn('doctora@clinica.demo', 'clinica-demo');
    const list = (await t.request({ method: 'GET', url: '/api/prescriptions', cookie })).json();
    expect(new Set(list.items.map((item: { patientId: string }) => item.patientId)).size).toBe(4);
    const recent = (await t.request({ method: 'GET', url: '/api/prescriptions/recent-medicines', cookie })).json();
    expect(recent.map((item: { medicine: string }) => item.medicine)).toEqual(
      expect.arrayContaining([
        'Paracetamol 1 g comprimidos',
        'Ibuprofeno 600 mg comprimidos',
        'Omeprazol 20 mg cápsulas',
        'Enalapril 10 mg comprimidos',
        'Amoxicilina 500 mg cápsulas',
      ]),
    );
  });
});

describe('the demo on any day of the week', () => {
  // The sessions fell on «the Monday–Thursday on or before» two offsets, which on a Friday were one Thursday: the
  // demo refused to start (two appointments of one doctor at once) every Friday.
  it.each(['2026-11-27T10:00:00+01:00', '2026-11-29T21:30:00+01:00'])(
    'seeds whole on %s, with the treatment sessions on distinct days',
    async (at) => {
      clock.freeze(at);
      const app = await buildTestApp();
      try {
        expect(await seedDemoIfEmpty(app.deps)).toBe(true);
        const cookie = await app.signIn('paciente@clinica.demo', 'clinica-demo');
        const treatments = (await app.request({ method: 'GET', url: '/api/treatments', cookie })).json();
        expect(
          treatments.map((item: { status: string; sessionsDone: number }) => [item.status, item.sessionsDone]),
        ).toEqual([
          ['activo', 3],
          ['finalizado', 3],
        ]);
      } finally {
        await app.close();
        clock.freeze('2026-03-02T09:00:00+01:00');
      }
    },
    120_000,
  );
});
