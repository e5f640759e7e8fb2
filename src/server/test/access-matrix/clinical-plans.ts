import { mine, only, signedIn, theirs, type MatrixEntry } from './helpers';
import type { Actor, World } from './world';
import { type PlanSide } from './clinical-plans-world';

const plansOf = (w: World, actor: Actor) => (actor.endsWith('B') ? w.plans.B : w.plans.A);
const otherPlans = (w: World, actor: Actor) => (actor.endsWith('B') ? w.plans.A : w.plans.B);
const everyPlan = (w: World, actor: Actor, key: keyof PlanSide) =>
  actor === 'admin' ? [w.plans.A[key], w.plans.B[key]] : actor === 'visitor' ? [] : [plansOf(w, actor)[key]];
/** Another side's item: admins read it, the people of the other side get 404. */
const othersRead = { visitor: 401, pacienteA: 404, pacienteB: 404, doctorA: 404, doctorB: 404, admin: 200 };
const othersWrite = { visitor: 401, pacienteA: 403, pacienteB: 403, doctorA: 404, doctorB: 404, admin: 403 };

const medicineLine = {
  medicine: 'Paracetamol 1 g comprimidos',
  dose: '1',
  route: 'oral',
  frequency: 'cada 8 horas',
  duration: '3 días',
  quantity: '1 envase',
};

export const PLAN_ROWS: Record<string, MatrixEntry> = {
  // Prescriptions: doctors write and read their own; pacientes read theirs; admins read all.
  'GET /api/prescriptions': { expect: signedIn(), shows: (w, actor) => everyPlan(w, actor, 'prescriptionId') },
  'POST /api/prescriptions': {
    expect: only(['doctor'], 201),
    payload: (w, actor) => ({
      patientId: mine(w, actor).recordId,
      prescribedOn: '2030-01-07',
      diagnosis: 'Control',
      medicines: [medicineLine],
    }),
  },
  'GET /api/prescriptions/recent-medicines': {
    expect: only(['doctor']),
    shows: (_w, actor) => [`Medicamento ${actor.endsWith('B') ? 'B' : 'A'} matriz`],
  },
  'GET /api/prescriptions/:id': {
    cases: [
      {
        label: 'own',
        expect: signedIn(),
        params: (w, actor) => ({ id: plansOf(w, actor).prescriptionId }),
        shows: (w, actor) => [plansOf(w, actor).prescriptionId],
      },
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
      {
        label: 'another’s',
        expect: othersWrite,
        params: (w, actor) => ({ id: otherPlans(w, actor).prescriptionToCancel }),
        payload: () => ({ reason: 'Error' }),
      },
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
    payload: (w, actor) => ({
      patientId: mine(w, actor).recordId,
      title: 'Plan de la matriz',
      startDate: '2030-01-07',
      sessionsPlanned: 2,
    }),
  },
  'GET /api/treatments/:id': {
    cases: [
      {
        label: 'own',
        expect: signedIn(),
        params: (w, actor) => ({ id: plansOf(w, actor).treatmentId }),
        shows: (w, actor) => [plansOf(w, actor).treatmentId],
      },
      { label: 'another’s', expect: othersRead, params: (w, actor) => ({ id: otherPlans(w, actor).treatmentId }) },
    ],
  },
  'PATCH /api/treatments/:id': {
    cases: [
      {
        label: 'own',
        expect: only(['doctor']),
        params: (w, actor) => ({ id: plansOf(w, actor).treatmentId }),
        payload: () => ({ sessionsPlanned: 6 }),
      },
      {
        label: 'another’s',
        expect: othersWrite,
        params: (w, actor) => ({ id: otherPlans(w, actor).treatmentId }),
        payload: () => ({ sessionsPlanned: 9 }),
      },
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
