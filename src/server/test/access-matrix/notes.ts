import type { Actor, World } from './world';
import { only, type MatrixCase, type MatrixEntry } from './helpers';

/** The notes of the actor's side (staff and visitors: A), and of the other side (staff: B). */
const myNotes = (w: World, actor: Actor) => (actor.endsWith('B') ? w.notes.B : w.notes.A);
const theirNotes = (w: World, actor: Actor) => (actor.endsWith('B') ? w.notes.A : w.notes.B);
const draft = {
  reason: 'Revisión',
  examination: 'Sin hallazgos',
  diagnosis: 'Sano',
  diagnosisCode: 'Z00.0',
  plan: 'Control anual',
};

/** A doctor reaching the other side's appointment: 404, as for one that does not exist. */
const otherDoctor404 = (base: Omit<MatrixCase, 'expect' | 'label'>, admin = 403): MatrixCase => ({
  ...base,
  label: 'the other side’s appointment',
  expect: { visitor: 401, pacienteA: 403, pacienteB: 403, doctorA: 404, doctorB: 404, admin },
});

export const NOTES_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/appointments/:id/note': {
    cases: [
      {
        expect: only(['admin', 'doctor']),
        params: (w, actor) => ({ id: myNotes(w, actor).draftAppointmentId }),
        shows: (w, actor) => [myNotes(w, actor).draftNoteId],
      },
      otherDoctor404({ params: (w, actor) => ({ id: theirNotes(w, actor).draftAppointmentId }) }, 200),
    ],
  },
  'PUT /api/appointments/:id/note': {
    cases: [
      {
        expect: only(['doctor']),
        params: (w, actor) => ({ id: myNotes(w, actor).draftAppointmentId }),
        payload: () => draft,
        shows: (w, actor) => [myNotes(w, actor).draftNoteId],
      },
      otherDoctor404({ params: (w, actor) => ({ id: theirNotes(w, actor).draftAppointmentId }), payload: () => draft }),
    ],
  },
  'POST /api/appointments/:id/note/sign': {
    cases: [
      // The other doctor first: the note must still be a draft when they try.
      otherDoctor404({ params: (w, actor) => ({ id: theirNotes(w, actor).toSignAppointmentId }) }),
      {
        expect: only(['doctor']),
        params: (w, actor) => ({ id: myNotes(w, actor).toSignAppointmentId }),
        shows: (w, actor) => [myNotes(w, actor).toSignAppointmentId],
      },
    ],
  },
  'POST /api/appointments/:id/note/addenda': {
    cases: [
      {
        expect: only(['doctor'], 201),
        params: (w, actor) => ({ id: myNotes(w, actor).signedAppointmentId }),
        payload: () => ({ text: 'Adenda de la matriz' }),
        shows: (w, actor) => [myNotes(w, actor).signedNoteId],
      },
      otherDoctor404({
        params: (w, actor) => ({ id: theirNotes(w, actor).signedAppointmentId }),
        payload: () => ({ text: 'Intrusa' }),
      }),
    ],
  },
  'PUT /api/appointments/:id/note/summary': {
    cases: [
      {
        expect: only(['doctor']),
        params: (w, actor) => ({ id: myNotes(w, actor).signedAppointmentId }),
        payload: () => ({ text: 'Todo en orden.', shared: true }),
        shows: (w, actor) => [myNotes(w, actor).signedNoteId],
      },
      otherDoctor404({
        params: (w, actor) => ({ id: theirNotes(w, actor).signedAppointmentId }),
        payload: () => ({ text: 'Intrusa', shared: true }),
      }),
    ],
  },
  'GET /api/doctor/notes/pending': {
    expect: only(['doctor']),
    shows: (w, actor) => [myNotes(w, actor).draftAppointmentId],
  },
  'GET /api/me/visit-summaries': {
    expect: only(['paciente']),
    shows: (w, actor) => [myNotes(w, actor).signedAppointmentId],
  },
  'GET /api/patients/:id/chart': {
    cases: [
      {
        expect: only(['admin', 'doctor']),
        params: (w, actor) => ({ id: (actor.endsWith('B') ? w.B : w.A).recordId }),
        shows: (w, actor) => [myNotes(w, actor).draftAppointmentId, myNotes(w, actor).draftNoteId],
      },
      otherDoctor404({ params: (w, actor) => ({ id: (actor.endsWith('B') ? w.A : w.B).recordId }) }, 200),
    ],
  },
  'GET /api/patients/:id/context': {
    cases: [
      {
        expect: only(['admin', 'doctor']),
        params: (w, actor) => ({ id: (actor.endsWith('B') ? w.B : w.A).recordId }),
        shows: (w, actor) => [(actor.endsWith('B') ? w.B : w.A).recordId],
      },
      otherDoctor404({ params: (w, actor) => ({ id: (actor.endsWith('B') ? w.A : w.B).recordId }) }, 200),
    ],
  },
};
