import { eq } from 'drizzle-orm';
import { patients } from '../../platform/db/schema';
import { hashPassword } from '../../identity/auth/passwords';
import { TEST_PASSWORD, type TestApp } from '../app';
import { buildMessagesWorld, type MessagesWorld } from './messages-world';
import { createDoctor, insertAppointment, validPatient, createPatientRecord } from '../fixtures';
import { buildTasksWorld, type TasksWorld } from './tasks-world';
import { buildPlansWorld, type PlansWorld } from './clinical-plans-world';
import { buildNotesWorld, type NoteSide } from './notes-world';
import { buildFileWorld, type FileWorld } from './files-world';
import { buildWaitingListWorld, type WaitingListWorld } from './waiting-list-world';
import { buildSessionsWorld, type SessionsWorld } from './sessions-world';
import { buildInvoicesWorld, type InvoicesWorld } from './invoices-world';
import { buildQuotesWorld, type QuotesWorld } from './quotes-world';
import { buildPacksWorld, type PacksWorld } from './packs-world';
import { buildSettlementsWorld, type SettlementsWorld } from './settlements-world';
import { buildConsentsWorld, type ConsentsWorld } from './consents-world';
import { buildQuestionnairesWorld, type QuestionnairesWorld } from './questionnaires-world';
import { buildOpinionsWorld, type OpinionsWorld } from './opinions-world';
import { buildPatientImportWorld, type PatientImportWorld } from './patient-import-world';
import { buildInsurerSettlementsWorld, type InsurerSettlementsWorld } from './insurer-settlements-world';

import { ACTORS, type Actor } from './actors';
import { paths } from '../../../common/paths';
import { shortLinkFor } from '../../communications';

export { ACTORS, type Actor };

/** The instant the clock stands at: Monday 7 January 2030, 08:00 in Madrid (UTC+1 in winter). */
export const NOW = '2030-01-07T08:00:00+01:00';
/** A wall-clock time in Madrid that week (winter: UTC+1). */
export const madrid = (date: string, time: string) => new Date(`${date}T${time}:00+01:00`);
const MONDAY = '2030-01-07';
const TUESDAY = '2030-01-08';
const THURSDAY = '2030-01-10';
const FRIDAY = '2030-01-11';

/** One person's side of the clinic: a paciente account, their record, their doctor and appointments. */
export interface Side {
  accountId: string;
  email: string;
  recordId: string;
  /** Strings that only this side's data carries: finding one in the other side's answer is a leak. */
  secrets: string[];
  /** An appointment of this side's record with this side's doctor, next Tuesday. */
  appointmentId: string;
  /** One of theirs today (Monday 10:00): the dashboards and today's diary show it. */
  todayId: string;
  /** One per staff actor, so each can check it in without the others' turn changing it. */
  checkInTargets: { admin: string; doctor: string };
}

export interface World {
  A: Side;
  B: Side;
  cookies: Partial<Record<Actor, string>>;
  emails: Partial<Record<Actor, string>>;
  doctorA: string;
  doctorB: string;
  /** A doctor of nobody's side: the bookings the matrix makes go to this one. */
  doctorC: string;
  /** A patient of nobody's side, for staff bookings and the token links. */
  neutralRecordId: string;
  /** Manage-link tokens of the neutral patient's bookings: one to read, one per actor to cancel or move. */
  tokens: { read: string; cancel: Record<Actor, string>; reschedule: Record<Actor, string> };
  /** The code of a short link (`/r/<code>`, a reminder's) to the page of the booking `tokens.read` opens. */
  shortLink: string;
  /** Paciente A's appointments with doctor C that paciente A cancels and moves from their area. */
  myCancel: string;
  myReschedule: string;
  /** The appointment the front desk moves. */
  staffMove: string;
  specialtyToRename: string;
  specialtyToDelete: string;
  /** «Servicios y tarifas»: a specialty with services, one service to edit and one to delete. */
  services: { specialtyId: string; toEdit: string; toDelete: string };
  /** «Aseguradoras»: one insurer to edit and set the tariff of. */
  insurer: string;
  absenceId: string;
  holidayToDelete: string;
  imageId: string;
  /** An account of nobody's side to sign in with and to ask a password reset for. */
  spareEmail: string;
  /** A record without an account, and the e-mail of a paciente account staff link to it. */
  accountLink: { recordId: string; email: string };
  /** A record linked to an account, for staff to unlink. */
  accountUnlinkRecordId: string;
  /** Consultation notes of each side (see notes-world.ts). */
  notes: Record<'A' | 'B', NoteSide>;
  /** Free slots of doctor C, handed out so that no two bookings of the matrix take the same. */
  slot(day: 'wednesday' | 'monday-next', index: number): string;
  tasks: TasksWorld;
  waitingList: WaitingListWorld;
  /** Prescriptions and treatments of each side. */
  plans: PlansWorld;
  files: FileWorld;
  messages: MessagesWorld;
  /** Second sessions of each actor, and an account whose sessions an admin ends (issue 21). */
  sessions: SessionsWorld;
  invoices: InvoicesWorld;
  /** Session packs: a product and a pack per side. */
  packs: PacksWorld;
  settlements: SettlementsWorld;
  /** A consent template on the editable service (issue 24). */
  consents: ConsentsWorld;
  /** Questionnaires (issue 24, item 2): requests of each side and links of the neutral patient. */
  questionnaires: QuestionnairesWorld;
  /** Answered after-visit surveys of each side («Opiniones», issue 38, item 3). */
  opinions: OpinionsWorld;
  /** Imports of patients (issue 37, item 3): one uploaded, one to start, one done to undo. */
  patientImports: PatientImportWorld;
  /** Presupuestos (issue 36, item 2). */
  quotes: QuotesWorld;
  /** Insurer visits and «Liquidación de aseguradoras» (decision 0118). */
  insurerSettlements: InsurerSettlementsWorld;
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const dni = (digits: number) => `${String(digits).padStart(8, '0')}${DNI_LETTERS[digits % 23]}`;

/** Builds the whole world once; the clock must already stand at NOW. */
export async function buildWorld(t: TestApp): Promise<World> {
  const admin = await t.createUser({ role: 'admin', email: 'admin@matriz.test', displayName: 'Administración Matriz' });
  const staffDoctor = async (displayName: string) => {
    const doctor = await createDoctor(t, admin.cookie, { displayName });
    // Doctors are invited without a password: give one to sign in with.
    await t.write(async (tx) =>
      t.deps.repos.auth.updateAccount(doctor.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
    );
    return { ...doctor, cookie: await t.signIn(doctor.email) };
  };
  const [doctorA, doctorB, doctorC] = [
    await staffDoctor('Dra. Amparo Médica'),
    await staffDoctor('Dr. Bruno Médico'),
    await staffDoctor('Dra. Celia Neutral'),
  ];

  async function side(
    letter: 'A' | 'B',
    person: { firstName: string; lastName: string; phone: string; document: number },
    doctorId: string,
  ) {
    const email = `${person.firstName.toLowerCase()}.${person.lastName.toLowerCase()}@matriz.test`;
    const user = await t.createUser({ role: 'paciente', email, displayName: `${person.firstName} ${person.lastName}` });
    let record = await t.deps.repos.patients.findByAccount(user.id);
    if (!record) {
      record = await createPatientRecord(t, {
        firstName: person.firstName,
        lastName: person.lastName,
        email,
        phone: '',
      });
      await t.database.db.update(patients).set({ accountId: user.id }).where(eq(patients.id, record.id));
    }
    const documentNumber = dni(person.document);
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/patients/${record.id}`,
      cookie: admin.cookie,
      payload: { phone: person.phone, documentType: 'dni', documentNumber, notes: `Historia de ${person.firstName}` },
    });
    if (patched.statusCode !== 200) throw new Error(`record ${letter} not completed: ${patched.body}`);
    const book = async (startsAt: Date, doctor = doctorId) =>
      (await insertAppointment(t, { patientId: record.id, doctorId: doctor, startsAt })).id;
    const appointmentId = await book(madrid(TUESDAY, '09:00'));
    const today = await book(madrid(MONDAY, '10:00'));
    // Today: statuses such as «en sala» apply only from the appointment's day on.
    const checkInTargets = { admin: await book(madrid(MONDAY, '11:00')), doctor: await book(madrid(MONDAY, '11:30')) };
    return {
      accountId: user.id,
      email,
      cookie: user.cookie,
      recordId: record.id,
      appointmentId,
      todayId: today,
      checkInTargets,
      secrets: [
        user.id,
        email,
        record.id,
        person.firstName,
        person.lastName,
        person.phone,
        documentNumber,
        appointmentId,
        today,
        ...Object.values(checkInTargets),
      ],
      book,
    };
  }

  const A = await side(
    'A',
    { firstName: 'Adela', lastName: 'Arrieta', phone: '+34 611 000 001', document: 10_000_001 },
    doctorA.id,
  );
  const B = await side(
    'B',
    { firstName: 'Berta', lastName: 'Bustamante', phone: '+34 622 000 002', document: 20_000_002 },
    doctorB.id,
  );
  const myCancel = await A.book(madrid(THURSDAY, '12:30'), doctorC.id);
  const myReschedule = await A.book(madrid(THURSDAY, '13:00'), doctorC.id);
  A.secrets.push(myCancel, myReschedule);

  const neutral = await t.request({
    method: 'POST',
    url: '/api/patients',
    cookie: admin.cookie,
    payload: validPatient({
      firstName: 'Nadia',
      lastName: 'Neutral',
      documentNumber: dni(30_000_003),
      email: 'nadia@matriz.test',
    }),
  });
  if (neutral.statusCode !== 201) throw new Error(`neutral record not created: ${neutral.body}`);
  const neutralRecordId: string = neutral.json().id;
  const neutralBooking = async (startsAt: Date) => {
    const { id } = await insertAppointment(t, { patientId: neutralRecordId, doctorId: doctorC.id, startsAt });
    return (await t.deps.appointments.manageUrl(id)).split('/cita/')[1]!;
  };
  const perActor = async (day: string, first: number) =>
    Object.fromEntries(
      await Promise.all(
        ACTORS.map(async (actor, index) => [actor, await neutralBooking(madrid(day, slotTime(first + index)))]),
      ),
    ) as Record<Actor, string>;
  const tokens = {
    read: await neutralBooking(madrid(THURSDAY, '09:00')),
    cancel: await perActor(THURSDAY, 1),
    reschedule: await perActor(FRIDAY, 0),
  };
  const shortLink = (
    await t.write((tx) =>
      shortLinkFor(
        t.deps,
        { kind: 'recordatorio', target: paths.manageBooking(tokens.read), expiresAt: madrid(THURSDAY, '09:00') },
        tx,
      ),
    )
  ).split('/r/')[1]!;
  const staffMove = (
    await insertAppointment(t, {
      patientId: neutralRecordId,
      doctorId: doctorC.id,
      startsAt: madrid(THURSDAY, '13:30'),
    })
  ).id;

  const specialty = async (name: string) =>
    (await t.request({ method: 'POST', url: '/api/specialties', cookie: admin.cookie, payload: { name } })).json()
      .id as string;
  const servicesWorld = async () => {
    const specialtyId = await specialty('Matriz con servicios');
    const service = (name: string) =>
      t.write((tx) =>
        t.deps.repos.clinicServices.create(
          {
            name,
            specialtyId,
            doctorIds: [],
            durationMinutes: 30,
            priceCents: 4500,
            vat: 'exenta',
            bookableOnline: true,
            active: true,
          },
          tx,
        ),
      );
    return { specialtyId, toEdit: await service('Matriz editable'), toDelete: await service('Matriz borrable') };
  };
  const absence = await t.write((tx) =>
    t.deps.repos.doctors.addAbsence(
      doctorA.id,
      {
        startDate: '2030-07-01',
        endDate: '2030-07-02',
        reason: 'Congreso',
      },
      tx,
    ),
  );
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  const image = await t.write((tx) =>
    t.deps.repos.images.create({ mime: 'image/png', content: png, createdBy: admin.id }, tx),
  );
  const spare = await t.createUser({ role: 'paciente', email: 'repuesto@matriz.test', displayName: 'Cuenta Repuesto' });
  // Staff linking and unlinking: a record without an account and one to link it to; a record already linked.
  // (Signing a paciente in gives the account a record of its own: the one to link is freed from it.)
  const unlinkedRecord = await createPatientRecord(t, {
    firstName: 'Lucía',
    lastName: 'Enlazable',
    email: '',
    phone: '',
  });
  const toLink = await t.createUser({
    role: 'paciente',
    email: 'enlazable@matriz.test',
    displayName: 'Lucía Enlazable',
  });
  const ownOfToLink = await t.deps.repos.patients.findByAccount(toLink.id);
  if (ownOfToLink) await t.write((tx) => t.deps.repos.patients.unlinkAccount(ownOfToLink.id, tx));
  const toUnlink = await t.createUser({
    role: 'paciente',
    email: 'desenlazable@matriz.test',
    displayName: 'Dora Desenlazable',
  });
  const plans = await buildPlansWorld(t, { A, B }, { A: doctorA.cookie, B: doctorB.cookie });
  const linkedRecord =
    (await t.deps.repos.patients.findByAccount(toUnlink.id)) ??
    (await createPatientRecord(t, {
      accountId: toUnlink.id,
      firstName: 'Dora',
      lastName: 'Desenlazable',
      email: toUnlink.email,
      phone: '',
    }));

  const files = await buildFileWorld(t, admin.cookie, { A, B });
  const services = await servicesWorld();
  const messages = await buildMessagesWorld(t, A, B);
  return {
    messages,
    A: pick(A),
    B: pick(B),
    cookies: {
      pacienteA: A.cookie,
      pacienteB: B.cookie,
      doctorA: doctorA.cookie,
      doctorB: doctorB.cookie,
      admin: admin.cookie,
    },
    emails: {
      pacienteA: A.email,
      pacienteB: B.email,
      doctorA: doctorA.email,
      doctorB: doctorB.email,
      admin: 'admin@matriz.test',
    },
    doctorA: doctorA.id,
    doctorB: doctorB.id,
    doctorC: doctorC.id,
    neutralRecordId,
    tokens,
    shortLink,
    myCancel,
    myReschedule,
    staffMove,
    specialtyToRename: await specialty('Matriz renombrable'),
    specialtyToDelete: await specialty('Matriz borrable'),
    services,
    insurer: await t.write((tx) =>
      t.deps.repos.insurers.create(
        {
          name: 'Matriz Seguros',
          taxId: 'A28037042',
          address: 'Calle de la Matriz 1, Madrid',
          requiresAuthorization: false,
          copayCents: null,
          active: true,
        },
        tx,
      ),
    ),
    consents: await buildConsentsWorld(t, {
      adminId: admin.id,
      serviceId: services.toEdit,
      A,
      B,
      neutral: {
        recordId: neutralRecordId,
        todayId: (
          await insertAppointment(t, {
            patientId: neutralRecordId,
            doctorId: doctorC.id,
            startsAt: new Date('2030-02-01T10:00:00Z'),
          })
        ).id,
      },
    }),
    questionnaires: await buildQuestionnairesWorld(t, {
      adminId: admin.id,
      A,
      B,
      neutral: { recordId: neutralRecordId, doctorId: doctorC.id },
    }),
    opinions: await buildOpinionsWorld(t, {
      A: { recordId: A.recordId, doctorId: doctorA.id },
      B: { recordId: B.recordId, doctorId: doctorB.id },
    }),
    patientImports: await buildPatientImportWorld(t, admin.id),
    absenceId: absence.id,
    holidayToDelete: (
      await t.write((tx) =>
        t.deps.repos.holidays.create(
          {
            startDate: '2030-11-11',
            endDate: '2030-11-11',
            name: 'Matriz borrable',
            kind: 'local',
          },
          tx,
        ),
      )
    ).id,
    imageId: image.id,
    spareEmail: spare.email,
    accountLink: { recordId: unlinkedRecord.id, email: toLink.email },
    accountUnlinkRecordId: linkedRecord.id,
    plans,
    notes: await buildNotesWorld(t, { A: { ...A, doctorId: doctorA.id }, B: { ...B, doctorId: doctorB.id } }),
    slot: (day, index) => madrid(day === 'wednesday' ? '2030-01-09' : '2030-01-14', slotTime(index)).toISOString(),
    waitingList: await buildWaitingListWorld(t, {
      doctorA: doctorA.id,
      doctorB: doctorB.id,
      doctorC: doctorC.id,
      recordA: A.recordId,
      recordB: B.recordId,
      neutral: neutralRecordId,
    }),
    tasks: await buildTasksWorld(t, {
      adminId: admin.id,
      doctorA: doctorA.id,
      doctorB: doctorB.id,
      recordA: A.recordId,
      recordB: B.recordId,
    }),
    files,
    invoices: await buildInvoicesWorld(t, {
      adminId: admin.id,
      recordA: A.recordId,
      recordB: B.recordId,
      doctorA: doctorA.id,
    }),
    quotes: await buildQuotesWorld(t, {
      adminId: admin.id,
      recordA: A.recordId,
      recordB: B.recordId,
      neutral: neutralRecordId,
      doctorA: doctorA.id,
      doctorB: doctorB.id,
      doctorC: doctorC.id,
    }),
    packs: await buildPacksWorld(t, {
      adminId: admin.id,
      recordA: A.recordId,
      recordB: B.recordId,
      doctorA: doctorA.id,
    }),
    settlements: await buildSettlementsWorld(t, { adminId: admin.id, doctorA: doctorA.id }),
    sessions: await buildSessionsWorld(t, {
      pacienteA: A.email,
      pacienteB: B.email,
      doctorA: doctorA.email,
      doctorB: doctorB.email,
      admin: 'admin@matriz.test',
    }),
    insurerSettlements: await buildInsurerSettlementsWorld(t, {
      adminId: admin.id,
      recordId: neutralRecordId,
      doctorId: doctorC.id,
      serviceId: services.toEdit,
    }),
  };
}

const pick = ({ accountId, email, recordId, secrets, appointmentId, todayId, checkInTargets }: Side): Side => ({
  accountId,
  email,
  recordId,
  secrets,
  appointmentId,
  todayId,
  checkInTargets,
});

/** The start of the n-th 30-minute slot from 09:00. */
function slotTime(index: number) {
  const minutes = 9 * 60 + index * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
