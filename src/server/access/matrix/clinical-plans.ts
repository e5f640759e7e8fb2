import type { TestApp } from '../../test/app';
import { mine, only, signedIn, theirs, type MatrixEntry } from './helpers';
import type { Actor, World } from './world';

/** One side's prescriptions and treatment, written by that side's doctor. */
export interface PlanSide {
  prescriptionId: string;
  /** Cancelled by that side's doctor in the matrix (the others must be refused first). */
  prescriptionToCancel: string;
  treatmentId: string;
}
export interface PlansWorld {
  A: PlanSide;
  B: PlanSide;
}

interface SideInput {
  recordId: string;
  appointmentId: string;
  secrets: string[];
}

/** Prescriptions and a treatment per side; their ids and contents join that side's secrets. */
export async function buildPlansWorld(t: TestApp, sides: { A: SideInput; B: SideInput }, doctorCookies: { A: string; B: string }): Promise<PlansWorld> {
  const build = async (letter: 'A' | 'B'): Promise<PlanSide> => {
    const side = sides[letter];
    const cookie = doctorCookies[letter];
    const post = async (url: string, payload: object) => {
      const response = await t.request({ method: 'POST', url, cookie, payload });
      if (response.statusCode !== 201) throw new Error(`${url} for side ${letter}: ${response.body}`);
      return response.json().id as string;
    };
    const medicine = `Medicamento ${letter} matriz 5 mg comprimidos`;
    const diagnosis = `Diagnóstico reservado ${letter}`;
    const treatmentId = await post('/api/treatments', {
      patientId: side.recordId,
      title: `Tratamiento ${letter} matriz`,
      diagnosis,
      startDate: '2030-01-07',
      sessionsPlanned: 4,
    });
    const prescription = (extra: object = {}) =>
      post('/api/prescriptions', {
        patientId: side.recordId,
        prescribedOn: '2030-01-07',
        diagnosis,
        medicines: [{ medicine, dose: '1', route: 'oral', frequency: 'cada 12 horas', duration: '3 días', quantity: '1 envase' }],
        ...extra,
      });
    const plan = { prescriptionId: await prescription({ treatmentId }), prescriptionToCancel: await prescription(), treatmentId };
    side.secrets.push(plan.prescriptionId, plan.prescriptionToCancel, plan.treatmentId, medicine, diagnosis);
    return plan;
  };
  return { A: await build('A'), B: await build('B') };
}

const plansOf = (w: World, actor: Actor) => (actor.endsWith('B') ? w.plans.B : w.plans.A);
const otherPlans = (w: World, actor: Actor) => (actor.endsWith('B') ? w.plans.A : w.plans.B);
const everyPlan = (w: World, actor: Actor, key: keyof PlanSide) =>
  actor === 'admin' ? [w.plans.A[key], w.plans.B[key]] : actor === 'visitor' ? [] : [plansOf(w, actor)[key]];
/** Another side's item: admins read it, the people of the other side get 404. */
const othersRead = { visitor: 401, pacienteA: 404, pacienteB: 404, doctorA: 404, doctorB: 404, admin: 200 };
const othersWrite = { visitor: 401, pacienteA: 403, pacienteB: 403, doctorA: 404, doctorB: 404, admin: 403 };

const medicineLine = { medicine: 'Paracetamol 1 g comprimidos', dose: '1', route: 'oral', frequency: 'cada 8 horas', duration: '3 días', quantity: '1 envase' };

export const PLAN_ROWS: Record<string, MatrixEntry> = {
  // Prescriptions: doctors write and read their own; pacientes read theirs; admins read all.
  'GET /api/prescriptions': { expect: signedIn(), shows: (w, actor) => everyPlan(w, actor, 'prescriptionId') },
  'POST /api/prescriptions': {
    expect: only(['doctor'], 201),
    payload: (w, actor) => ({ patientId: mine(w, actor).recordId, prescribedOn: '2030-01-07', diagnosis: 'Control', medicines: [medicineLine] }),
  },
  'GET /api/prescriptions/recent-medicines': { expect: only(['doctor']), shows: (_w, actor) => [`Medicamento ${actor.endsWith('B') ? 'B' : 'A'} matriz`] },
  'GET /api/prescriptions/:id': {
    cases: [
      { label: 'own', expect: signedIn(), params: (w, actor) => ({ id: plansOf(w, actor).prescriptionId }), shows: (w, actor) => [plansOf(w, actor).prescriptionId] },
      { label: 'another’s', expect: othersRead, params: (w, actor) => ({ id: otherPlans(w, actor).prescriptionId }) },
    ],
  },
  'GET /api/prescriptions/:id/pdf': {
    cases: [
      { label: 'own', expect: signedIn(), params: (w, actor) => ({ id: plansOf(w, actor).prescriptionId }) },
      { label: 'another’s', expect: othersRead, params: (w, actor) => ({ id: otherPlans(w, actor).prescriptionId }) },
    ],
  },
  'POST /api/prescriptions/:id/cancel': {
    cases: [
      // Before the own case: the other side's doctor is refused while the prescription is still active.
      { label: 'another’s', expect: othersWrite, params: (w, actor) => ({ id: otherPlans(w, actor).prescriptionToCancel }), payload: () => ({ reason: 'Error' }) },
      {
        label: 'own',
        expect: only(['doctor']),
        params: (w, actor) => ({ id: plansOf(w, actor).prescriptionToCancel }),
        payload: () => ({ reason: 'Error de dosis' }),
        shows: (w, actor) => [plansOf(w, actor).prescriptionToCancel],
      },
    ],
  },

  // Treatments: the same shape.
  'GET /api/treatments': { expect: signedIn(), shows: (w, actor) => everyPlan(w, actor, 'treatmentId') },
  'POST /api/treatments': {
    expect: only(['doctor'], 201),
    payload: (w, actor) => ({ patientId: mine(w, actor).recordId, title: 'Plan de la matriz', startDate: '2030-01-07', sessionsPlanned: 2 }),
  },
  'GET /api/treatments/:id': {
    cases: [
      { label: 'own', expect: signedIn(), params: (w, actor) => ({ id: plansOf(w, actor).treatmentId }), shows: (w, actor) => [plansOf(w, actor).treatmentId] },
      { label: 'another’s', expect: othersRead, params: (w, actor) => ({ id: otherPlans(w, actor).treatmentId }) },
    ],
  },
  'PATCH /api/treatments/:id': {
    cases: [
      { label: 'own', expect: only(['doctor']), params: (w, actor) => ({ id: plansOf(w, actor).treatmentId }), payload: () => ({ sessionsPlanned: 6 }) },
      { label: 'another’s', expect: othersWrite, params: (w, actor) => ({ id: otherPlans(w, actor).treatmentId }), payload: () => ({ sessionsPlanned: 9 }) },
    ],
  },
  'PUT /api/appointments/:id/treatment': {
    cases: [
      {
        label: 'own appointment, own treatment',
        expect: only(['doctor']),
        params: (w, actor) => ({ id: mine(w, actor).appointmentId }),
        payload: (w, actor) => ({ treatmentId: plansOf(w, actor).treatmentId }),
      },
      {
        label: 'another doctor’s appointment',
        expect: othersWrite,
        params: (w, actor) => ({ id: theirs(w, actor).appointmentId }),
        payload: () => ({ treatmentId: null }),
      },
    ],
  },
};
