import type { Db } from './platform/db/client';
import { AppError, notFound } from './platform/errors';
import type { AppointmentView } from './scheduling/appointments/repository';
import type { ClinicalNoteView } from './clinical/clinical-notes/repository';
import type { PatientRow } from './identity/patients/repository';
import type { Repositories } from './repositories';
import type { RequestUser } from './access/request-user';
import type { Grant } from './access/policy';
import { noteAccessOf } from './access/notes';
import { visibilityOf, type Visibility } from './access/visibility';
import { APPOINTMENT_NOT_FOUND, PATIENT_NOT_FOUND } from './access/not-found';

/**
 * What one request may reach, built once by the access hook from the signed-in user and the grant of
 * the route's permission: routes read patients and appointments through it, never around it.
 */
export interface RequestScope {
  user: RequestUser | null;
  /** The grant of the route's permission; null on public routes. */
  grant: Grant | null;
  visibility: Visibility;
  patients: ReturnType<Repositories['patients']['visibleTo']>;
  appointments: ReturnType<Repositories['appointments']['visibleTo']>;
  /** The calendar's range and the diary's day as JSON built by the database, on the same terms as `appointments`. */
  appointmentLists: ReturnType<Repositories['appointmentLists']['visibleTo']>;
  /** The tasks this user may see (a doctor's own), each naming its patient only when the record is visible. */
  tasks: ReturnType<Repositories['tasks']['visibleTo']>;
  /** The documents this user may see (a paciente only those marked visible to her), deleted ones never. */
  files: ReturnType<Repositories['files']['visibleTo']>;
  /** Clinical writing by `access/ownership.ts`: a doctor what she wrote, a paciente what is about her record. */
  treatments: ReturnType<Repositories['treatments']['visibleTo']>;
  prescriptions: ReturnType<Repositories['prescriptions']['visibleTo']>;
  notes: ReturnType<Repositories['clinicalNotes']['visibleTo']>;
  /** The conversations this user may read: the clinic's inbox, or a paciente's own. */
  conversations: ReturnType<Repositories['messages']['visibleTo']>;
  /** The waiting list: the desk's whole list, or a paciente's own entries. */
  waitingList: ReturnType<Repositories['waitingList']['visibleTo']>;
  /** Invoices: the desk's all, a paciente's own (`ownership.ts`). */
  invoices: ReturnType<Repositories['invoices']['visibleTo']>;
  /** Production: the desk any doctor's, a doctor her own (`ownership.ts`). */
  production: ReturnType<Repositories['billingReports']['visibleTo']>;
  /** Questionnaire answers: the desk's all, a doctor's patients', a paciente's own (`ownership.ts`). */
  questionnaires: ReturnType<Repositories['questionnaireRequests']['visibleTo']>;
  /** Consent requests and their signatures: the desk's all, a doctor's patients', a paciente's own (`ownership.ts`). */
  consents: ReturnType<Repositories['consentSigning']['visibleTo']>;
  /** After-visit survey answers («Opiniones»): the desk's all, a doctor's of her own visits (`ownership.ts`). */
  opinions: ReturnType<Repositories['opinions']['visibleTo']>;
  /** A patient's chart, each kind by its own rule. */
  chart: ReturnType<Repositories['chart']['visibleTo']>;
  /** The patient record, or 404 when it does not exist or is not this user's to see (existence never leaks). */
  patient(id: string, tx?: Db): Promise<PatientRow>;
  /** The appointment, or 404 on the same terms. */
  appointment(id: string, tx?: Db): Promise<AppointmentView>;
  /**
   * The appointment and its clinical note, when this user may `need` them by the note's rule (its
   * author; see `notes.ts`); else 404, as for an appointment that does not exist.
   */
  noteOf(
    appointmentId: string,
    need: 'read' | 'write',
    tx?: Db,
  ): Promise<{ appointment: AppointmentView; note: ClinicalNoteView | undefined }>;
  /** The sessions of the signed-in account, and no other's (401 for a visitor). */
  mySessions(): ReturnType<Repositories['sessions']['ofAccount']>;
}

/** `make()`, called once and on first use. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

export function createRequestScope(repos: Repositories, user: RequestUser | null, grant: Grant | null): RequestScope {
  const visibility = visibilityOf(user, grant);
  const patients = repos.patients.visibleTo(visibility);
  const appointments = repos.appointments.visibleTo(visibility);
  // The other entities are bound on first use: a request reads one or two of them.
  const scoped = {
    tasks: once(() => repos.tasks.visibleTo(visibility)),
    files: once(() => repos.files.visibleTo(visibility)),
    treatments: once(() => repos.treatments.visibleTo(visibility)),
    prescriptions: once(() => repos.prescriptions.visibleTo(visibility)),
    notes: once(() => repos.clinicalNotes.visibleTo(visibility)),
    chart: once(() => repos.chart.visibleTo(visibility)),
    appointmentLists: once(() => repos.appointmentLists.visibleTo(visibility)),
    questionnaires: once(() => repos.questionnaireRequests.visibleTo(visibility)),
    consents: once(() => repos.consentSigning.visibleTo(visibility)),
    conversations: once(() => repos.messages.visibleTo(visibility)),
    waitingList: once(() => repos.waitingList.visibleTo(visibility)),
    invoices: once(() => repos.invoices.visibleTo(visibility)),
    production: once(() => repos.billingReports.visibleTo(visibility)),
    opinions: once(() => repos.opinions.visibleTo(visibility)),
  };
  return {
    user,
    grant,
    visibility,
    patients,
    appointments,
    get tasks() {
      return scoped.tasks();
    },
    get files() {
      return scoped.files();
    },
    get treatments() {
      return scoped.treatments();
    },
    get prescriptions() {
      return scoped.prescriptions();
    },
    get notes() {
      return scoped.notes();
    },
    get chart() {
      return scoped.chart();
    },
    get appointmentLists() {
      return scoped.appointmentLists();
    },
    get questionnaires() {
      return scoped.questionnaires();
    },
    get consents() {
      return scoped.consents();
    },
    get conversations() {
      return scoped.conversations();
    },
    get waitingList() {
      return scoped.waitingList();
    },
    get invoices() {
      return scoped.invoices();
    },
    get production() {
      return scoped.production();
    },
    get opinions() {
      return scoped.opinions();
    },
    async patient(id, tx) {
      const row = await patients.findById(id, tx);
      if (!row) throw notFound(PATIENT_NOT_FOUND);
      return row;
    },
    async appointment(id, tx) {
      const view = await appointments.findView(id, tx);
      if (!view) throw notFound(APPOINTMENT_NOT_FOUND);
      return view;
    },
    async noteOf(appointmentId, need, tx) {
      // The appointment is looked up unscoped: the note's rule, not the appointment's current doctor, decides.
      const appointment = await repos.appointments.findView(appointmentId, tx);
      const note = appointment && (await repos.clinicalNotes.findByAppointment(appointmentId, tx));
      const access = appointment ? noteAccessOf(visibility, appointment, note) : 'none';
      if (!appointment || access === 'none' || (need === 'write' && access !== 'write'))
        throw notFound(APPOINTMENT_NOT_FOUND);
      return { appointment, note };
    },
    mySessions() {
      if (!user) throw new AppError(401, 'NOT_AUTHENTICATED');
      return repos.sessions.ofAccount(user.id);
    },
  };
}
