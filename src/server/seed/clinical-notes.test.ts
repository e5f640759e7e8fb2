import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../platform/clock';
import { buildTestApp, type TestApp } from '../test/app';
import { TEST_MONDAY_MORNING } from '../test/fixtures';
import { demoPatientSummary } from './clinical-notes';
import { DEMO_PASSWORD, seedDemoIfEmpty } from './demo';

let t: TestApp;
beforeAll(async () => {
  clock.freeze(TEST_MONDAY_MORNING);
  t = await buildTestApp();
  expect(await seedDemoIfEmpty(t.deps)).toBe(true);
}, 120_000);
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('the demo clinic’s notes', () => {
  it('signs every attended past visit but one draft of the demo doctor, pending her signature', async () => {
    const cookie = await t.signIn('doctora@clinica.demo', DEMO_PASSWORD);
    const pending = (await t.request({ method: 'GET', url: '/api/doctor/notes/pending', cookie })).json();
    expect(pending.total).toBe(1);
    expect(pending.items[0].hasDraft).toBe(true);
    const [counts] = (
      (await t.database.db.execute(sql`
        SELECT count(*) FILTER (WHERE n.signed_at IS NULL)::int AS drafts,
               count(*) FILTER (WHERE n.id IS NULL)::int AS without_note,
               count(*)::int AS attended
          FROM appointments a LEFT JOIN clinical_notes n ON n.appointment_id = a.id
         WHERE a.status = 'atendida'`)) as unknown as {
        rows: { drafts: number; without_note: number; attended: number }[];
      }
    ).rows;
    expect(counts).toMatchObject({ drafts: 1, without_note: 0 });
    expect(counts!.attended).toBeGreaterThan(20);
  });

  it('shares one visit summary with the demo paciente', async () => {
    const cookie = await t.signIn('paciente@clinica.demo', DEMO_PASSWORD);
    const summaries = (await t.request({ method: 'GET', url: '/api/me/visit-summaries', cookie })).json().items;
    expect(summaries).toHaveLength(1);
    const mine = (await t.request({ method: 'GET', url: '/api/me/appointments', cookie })).json();
    expect(mine.past.map((appointment: { id: string }) => appointment.id)).toContain(summaries[0].appointmentId);
  });

  it('writes the shared summary’s diagnosis in lower case but keeps its Roman numerals («grado I», not «grado i»)', async () => {
    expect(demoPatientSummary('Esguince de tobillo')).toBe(
      'Diagnóstico: esguince de tobillo grado I. Protocolo RICE, vendaje funcional 10 días y carga progresiva.',
    );
    const { rows } = (await t.database.db.execute(
      sql`SELECT diagnosis, patient_summary FROM clinical_notes WHERE patient_summary <> ''`,
    )) as unknown as { rows: { diagnosis: string; patient_summary: string }[] };
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      // Only the first letter is lowered: every later capital of the diagnosis is still there.
      expect(row.patient_summary).toContain(
        `Diagnóstico: ${row.diagnosis.charAt(0).toLowerCase()}${row.diagnosis.slice(1)}.`,
      );
    }
  });
});
