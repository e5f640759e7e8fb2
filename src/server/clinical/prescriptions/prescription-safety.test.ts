import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { patients, prescriptions } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { withAuditEntries } from '../../test/audit';
import { buildClinicalCast, ibuprofeno } from '../../test/prescriptions-world';

/** A Friday morning; a prescription dated the 11th is valid through today (the 20th), one of the 10th until yesterday. */
const FRIDAY = '2026-03-20T10:00:00+01:00';
let t: TestApp;
let cast: Awaited<ReturnType<typeof buildClinicalCast>>;

beforeAll(async () => {
  clock.freeze(FRIDAY);
  t = await buildTestApp();
  cast = await buildClinicalCast(t);
  // Adela's chart: the allergy the issue names (set here, not left to the fixture's default).
  await t.database.db.update(patients).set({ allergies: 'Penicilina' }).where(eq(patients.id, cast.adela.recordId));
}, 60_000);
afterAll(async () => {
  await t?.close();
  clock.freeze(null);
});

const amoxicilina = { ...ibuprofeno, medicine: 'Amoxicilina 500 mg cápsulas', dose: '1 cápsula', instructions: '' };
const cefuroxima = { ...ibuprofeno, medicine: 'Cefuroxima 500 mg comprimidos', instructions: '' };
const payload = (overrides: Record<string, unknown> = {}) => ({
  patientId: cast.adela.recordId,
  prescribedOn: '2026-03-20',
  diagnosis: 'Faringoamigdalitis',
  medicines: [amoxicilina],
  ...overrides,
});
const prescribe = (body: Record<string, unknown>, cookie = cast.doctorA.cookie) =>
  t.request({ method: 'POST', url: '/api/prescriptions', cookie, payload: body });

describe('allergy conflicts of a prescription (issue «A safe clinic day», item 1)', () => {
  it('amoxicillin for a patient allergic to penicillin is refused (409) naming the medicine and the allergy, and nothing is stored', async () => {
    const refused = await prescribe(payload());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'ALLERGY_CONFLICT',
      message:
        'Alergia registrada: «Amoxicilina 500 mg cápsulas» choca con «Penicilina». Amoxicilina 500 mg cápsulas: amoxicilina es de las penicilinas, alergia registrada «Penicilina». Para recetarlo, indica el motivo.',
      fields: { allergyOverrideReason: 'Indica por qué lo recetas pese a la alergia' },
    });
    const blank = await prescribe(payload({ allergyOverrideReason: '   ' }));
    expect(blank.statusCode).toBe(409);
    const stored = await t.database.db
      .select()
      .from(prescriptions)
      .where(eq(prescriptions.patientId, cast.adela.recordId));
    expect(stored).toEqual([]);
  });

  it('a cephalosporin is refused too, as a possible cross-reactivity', async () => {
    const refused = await prescribe(payload({ medicines: [cefuroxima] }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('posible reactividad cruzada con las penicilinas');
  });

  it('with the doctor’s reason it is written: the conflicts and the reason are kept with it and on the audit trail', async () => {
    const reason = 'Tolerada en 2024 en prueba de exposición controlada por Alergología';
    const { response, entries } = await withAuditEntries(t, {
      method: 'POST',
      url: '/api/prescriptions',
      cookie: cast.doctorA.cookie,
      payload: payload({ medicines: [amoxicilina, ibuprofeno], allergyOverrideReason: reason }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      status: 'activa',
      allergyOverrideReason: reason,
      allergyConflicts: [{ medicine: 'Amoxicilina 500 mg cápsulas', allergy: 'Penicilina', kind: 'familia' }],
    });
    expect(entries.map((entry) => [entry.action, entry.entity, entry.entityId])).toEqual([
      ['create', 'prescription', created.id],
    ]);
    expect(entries[0]!.details).toEqual({
      allergyOverride: {
        reason,
        conflicts: [{ medicine: 'Amoxicilina 500 mg cápsulas', allergy: 'Penicilina', kind: 'familia' }],
      },
    });
    // Its patient sees it with the same acknowledgement.
    const seen = (
      await t.request({ method: 'GET', url: `/api/prescriptions/${created.id}`, cookie: cast.adela.cookie })
    ).json();
    expect(seen.allergyOverrideReason).toBe(reason);
  });

  it('no conflict, no reason kept; the database refuses conflicts without a reason', async () => {
    const plain = await prescribe(payload({ medicines: [ibuprofeno], allergyOverrideReason: 'Sin motivo real' }));
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ allergyConflicts: [], allergyOverrideReason: null });
    await expect(
      t.database.db
        .update(prescriptions)
        .set({ allergyConflicts: [{ medicine: 'x', allergy: 'y', kind: 'familia', message: 'z' }] })
        .where(eq(prescriptions.id, plain.json().id)),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
  });
});

describe('a prescription shows «caducada» after its last valid day, by the clinic’s clock (item 3)', () => {
  let valid: string;
  let expired: string;
  beforeAll(async () => {
    await t.database.db.update(patients).set({ allergies: '' }).where(eq(patients.id, cast.bruno.recordId));
    const write = async (prescribedOn: string) => {
      const response = await prescribe(
        { patientId: cast.bruno.recordId, prescribedOn, diagnosis: 'Lumbalgia', medicines: [ibuprofeno] },
        cast.doctorB.cookie,
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    valid = await write('2026-03-11');
    expired = await write('2026-03-10');
  });

  const statusOf = async (id: string, cookie: string) =>
    (await t.request({ method: 'GET', url: `/api/prescriptions/${id}`, cookie })).json().status;
  const listed = async (query: string, cookie = cast.doctorB.cookie) =>
    (await t.request({ method: 'GET', url: `/api/prescriptions?patientId=${cast.bruno.recordId}${query}`, cookie }))
      .json()
      .items.map((item: { id: string; status: string }) => [item.id, item.status]);

  it('on its last valid day it is «activa»; the day after, «caducada» — for the doctor, the patient and the filters', async () => {
    clock.freeze(FRIDAY);
    expect(await statusOf(valid, cast.doctorB.cookie)).toBe('activa');
    expect(await statusOf(expired, cast.doctorB.cookie)).toBe('caducada');
    expect(await statusOf(expired, cast.bruno.cookie)).toBe('caducada');
    expect(await listed('&status=activa')).toEqual([[valid, 'activa']]);
    expect(await listed('&status=caducada')).toEqual([[expired, 'caducada']]);
  });

  it('just after midnight in Madrid (still the 20th in UTC) the one of the 11th has expired too', async () => {
    clock.freeze('2026-03-21T00:30:00+01:00');
    try {
      expect(await statusOf(valid, cast.doctorB.cookie)).toBe('caducada');
      expect(await listed('')).toEqual([
        [valid, 'caducada'],
        [expired, 'caducada'],
      ]);
      expect(await listed('&status=activa')).toEqual([]);
    } finally {
      clock.freeze(FRIDAY);
    }
  });

  it('a cancelled one stays «anulada», expired or not', async () => {
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/prescriptions/${expired}/cancel`,
      cookie: cast.doctorB.cookie,
      payload: { reason: 'Error de dosis' },
    });
    expect(cancelled.json().status).toBe('anulada');
    expect(await listed('&status=caducada')).toEqual([]);
    expect(await listed('&status=anulada')).toEqual([[expired, 'anulada']]);
  });
});
