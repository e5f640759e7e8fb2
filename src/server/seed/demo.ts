import { spanishNationalHolidays } from '../../common/schemas/holidays';
import type { Role } from '../../common/roles';
import { createAccountWithProfile } from '../modules/auth/accounts';
import type { Repositories } from '../modules/repositories';
import { seedAppointments } from './appointments';
import { seedTasksAndStaff } from './tasks';
import { seedClinicalPlans } from './clinical-plans';
import { seedClinicalNotes } from './clinical-notes';
import { seedFiles } from './files';
import { seedMessages } from './messages';
import { fakePatient } from './spanish-data';
import { clock } from '../clock';
import { transact, type Tx } from '../db/transaction';
import type { CoreDeps } from '../modules/deps';
import { seedServices } from './services';
import { seedConsents } from './consents';
import { seedQuestionnaires } from './questionnaires';
import { seedConsentSignatures } from './consent-signatures';
import { seedOpinions } from './opinions';
import { seedInvoices } from './invoices';
import { createInvoicingService } from '../modules/invoices/service';

export const DEMO_PASSWORD = 'clinica-demo';

/** The sign-ins printed at start: one per role. */
export const DEMO_ACCOUNTS: { email: string; displayName: string; role: Role; phone?: string }[] = [
  { email: 'admin@clinica.demo', displayName: 'Marta Sánchez Ruiz', role: 'admin', phone: '+34 910 000 001' },
  {
    email: 'doctora@clinica.demo',
    displayName: 'Dra. Lucía Fernández Gómez',
    role: 'doctor',
    phone: '+34 910 000 002',
  },
  { email: 'paciente@clinica.demo', displayName: 'Javier Moreno López', role: 'paciente', phone: '+34 600 123 456' },
];

const h = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const interval = (weekdays: number[], start: string, end: string) =>
  weekdays.map((weekday) => ({ weekday, startMinute: h(start), endMinute: h(end) }));

/** Six doctors in four specialties, with split shifts and one absence each (days from today). */
export const DEMO_DOCTORS = [
  {
    email: 'doctora@clinica.demo',
    displayName: 'Dra. Lucía Fernández Gómez',
    specialty: 'Medicina familiar',
    licenseNumber: '282845671',
    color: '#0b7285',
    minutes: 20,
    bio: 'Médica de familia con quince años de experiencia en atención primaria y seguimiento de pacientes crónicos.',
    schedule: [
      ...interval([1, 2, 3, 4], '09:00', '14:00'),
      ...interval([1, 2, 3, 4], '16:00', '19:00'),
      ...interval([5], '09:00', '15:00'),
    ],
    absence: { inDays: 40, days: 5, reason: 'Vacaciones' },
  },
  {
    email: 'dr.ortega@clinica.demo',
    displayName: 'Dr. Javier Ortega Ramos',
    specialty: 'Medicina familiar',
    licenseNumber: '282839120',
    color: '#1c7ed6',
    minutes: 20,
    bio: 'Especialista en medicina familiar y comunitaria. Consulta de adultos y revisiones de salud.',
    schedule: interval([1, 2, 3, 4, 5], '08:00', '15:00'),
    absence: { inDays: 12, days: 2, reason: 'Congreso de medicina de familia' },
  },
  {
    email: 'dra.iglesias@clinica.demo',
    displayName: 'Dra. Carmen Iglesias Vidal',
    specialty: 'Pediatría',
    licenseNumber: '282851004',
    color: '#ae3ec9',
    minutes: 30,
    bio: 'Pediatra. Revisiones del niño sano, vacunación y consulta de enfermedades infantiles.',
    schedule: [...interval([1, 3, 5], '09:00', '14:00'), ...interval([2, 4], '15:00', '20:00')],
    absence: { inDays: 25, days: 1, reason: 'Formación' },
  },
  {
    email: 'dr.molina@clinica.demo',
    displayName: 'Dr. Andrés Molina Prieto',
    specialty: 'Dermatología',
    licenseNumber: '282847733',
    color: '#e8590c',
    minutes: 30,
    bio: 'Dermatólogo. Revisión de lunares, acné, psoriasis y dermatología estética.',
    schedule: [...interval([1, 2, 3, 4], '10:00', '14:00'), ...interval([1, 2, 3, 4], '16:30', '19:30')],
    absence: { inDays: 60, days: 10, reason: 'Vacaciones' },
  },
  {
    email: 'dra.navarro@clinica.demo',
    displayName: 'Dra. Elena Navarro Castro',
    specialty: 'Traumatología',
    licenseNumber: '282836648',
    color: '#2f9e44',
    minutes: 30,
    bio: 'Traumatóloga especializada en lesiones deportivas, rodilla y hombro.',
    schedule: interval([1, 2, 3, 4, 5], '09:00', '13:30'),
    absence: { inDays: 18, days: 3, reason: 'Asuntos propios' },
  },
  {
    email: 'dr.santos@clinica.demo',
    displayName: 'Dr. Miguel Santos Herrera',
    specialty: 'Traumatología',
    licenseNumber: '282842295',
    color: '#fcc419',
    minutes: 30,
    bio: 'Traumatólogo. Columna, mano y seguimiento de fracturas.',
    schedule: [...interval([1, 2, 4], '15:00', '20:00'), ...interval([3], '09:00', '14:00')],
    absence: { inDays: 33, days: 4, reason: 'Curso de cirugía de mano' },
  },
];

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

async function seedDoctors(db: Tx, repos: Repositories) {
  const specialtyIds = new Map<string, string>();
  for (const name of [...new Set(DEMO_DOCTORS.map((doctor) => doctor.specialty))]) {
    // Pediatría is for minors: its booking asks for the child and the guardian.
    specialtyIds.set(name, (await repos.doctors.createSpecialty(name, db, name === 'Pediatría')).id);
  }
  for (const doctor of DEMO_DOCTORS) {
    let account = await repos.auth.findAccountByEmail(doctor.email, db);
    if (!account) {
      account = (
        await createAccountWithProfile(db, repos.auth, {
          email: doctor.email,
          password: DEMO_PASSWORD,
          displayName: doctor.displayName,
          role: 'doctor',
        })
      ).account;
    }
    await repos.doctors.create(
      {
        id: account.id,
        specialtyId: specialtyIds.get(doctor.specialty)!,
        licenseNumber: doctor.licenseNumber,
        bio: doctor.bio,
        color: doctor.color,
        appointmentMinutes: doctor.minutes,
      },
      db,
    );
    await repos.doctors.replaceSchedule(account.id, doctor.schedule, db);
    const start = new Date(clock.nowMs() + doctor.absence.inDays * 86_400_000);
    const end = new Date(start.getTime() + (doctor.absence.days - 1) * 86_400_000);
    await repos.doctors.addAbsence(
      account.id,
      { startDate: isoDay(start), endDate: isoDay(end), reason: doctor.absence.reason },
      db,
    );
  }
}

async function seedPatients(db: Tx, repos: Repositories, count: number) {
  const consentAt = clock.now();
  for (let from = 0; from < count; from += 500) {
    const batch = [];
    for (let i = from; i < Math.min(count, from + 500); i++) {
      // Registered over the last two years, a few of them this month.
      const createdAt = new Date(consentAt.getTime() - ((i * 7919) % 730) * 86_400_000);
      batch.push({
        ...fakePatient(i),
        privacyConsentAt: createdAt,
        privacyConsentChannel: 'presencial' as const,
        createdAt,
        updatedAt: createdAt,
      });
    }
    await repos.patients.createMany(batch, db);
  }
}

/** Loads the demo clinic into an empty database. Answers whether it did. */
export async function seedDemoIfEmpty(deps: Pick<CoreDeps, 'db' | 'repos' | 'config'>): Promise<boolean> {
  const { repos } = deps;
  if (await repos.auth.hasAnyAccount()) return false;

  await transact(deps.db, async (tx) => {
    await repos.clinic.updateSettings(
      {
        name: 'Clínica Salud Arganzuela',
        address: 'Paseo de la Chopera 41, 28045 Madrid',
        phone: '+34 910 000 000',
        email: 'citas@clinica.demo',
        whatsapp: '+34 600 000 000',
        openingHours: [
          { days: 'Lunes a jueves', hours: '08:00–20:00' },
          { days: 'Viernes', hours: '08:00–15:00' },
        ],
      },
      tx,
    );
    for (const account of DEMO_ACCOUNTS) {
      await createAccountWithProfile(tx, repos.auth, { ...account, password: DEMO_PASSWORD });
    }
    await seedDoctors(tx, repos);
    await seedServices(tx, repos);
    await seedConsents(tx, repos, 'admin@clinica.demo');
    await seedPatients(tx, repos, 200);

    // The demo paciente has a complete record, linked to the account.
    const account = (await repos.auth.findAccountByEmail('paciente@clinica.demo', tx))!;
    const record = await repos.patients.create(
      {
        accountId: account.id,
        firstName: 'Javier',
        lastName: 'Moreno López',
        email: account.email,
        phone: '+34 600 123 456',
      },
      tx,
    );
    await repos.recordLinks.setEmailVerified(account.id, new Date(), tx);
    await repos.patients.update(
      record.id,
      {
        firstName: 'Javier',
        lastName: 'Moreno López',
        documentType: 'dni',
        documentNumber: '50123456Q',
        birthDate: '1982-06-14',
        sex: 'hombre',
        address: 'Calle de Embajadores 120, 28045 Madrid',
        insurer: 'Sanitas',
        policyNumber: 'SAN-482193',
        allergies: 'Penicilina',
        medicalHistory: 'Hipertensión arterial en tratamiento desde 2019.',
        privacyConsentAt: clock.now(),
        privacyConsentChannel: 'web',
      },
      tx,
    );

    // Three months of appointments: six weeks back, six weeks ahead, busier near today.
    const settings = await repos.clinic.getSettings(tx);
    const today = clock.today(settings.timeZone);
    // Spain's national holidays of last year, this one and the next (regional and local ones vary: the
    // clinic adds them in /admin/configuracion).
    const closed = await repos.holidays.addMissingDays(
      [today.year - 1, today.year, today.year + 1].flatMap((year) =>
        spanishNationalHolidays(year).map((holiday) => ({ ...holiday, kind: 'nacional' as const })),
      ),
      tx,
    );
    await seedAppointments(tx, repos, {
      doctors: await repos.doctors.list({}, tx),
      patientIds: await repos.patients.someIds(500, tx),
      timeZone: settings.timeZone,
      fromDay: today.subtract({ days: 45 }).toString(),
      toDay: today.add({ days: 45 }).toString(),
      fill: (days) => (days <= 0 ? 0.7 : days <= 7 ? 0.55 : days <= 21 ? 0.3 : 0.12),
      withEvents: true,
      closed,
    });
    await seedTasksAndStaff(tx, repos, settings.timeZone, DEMO_PASSWORD);
    await seedClinicalPlans(tx, repos, {
      doctorEmail: 'doctora@clinica.demo',
      patientAccountEmail: 'paciente@clinica.demo',
      timeZone: settings.timeZone,
    });
    await seedQuestionnaires(tx, repos, 'admin@clinica.demo', 'paciente@clinica.demo');
    await seedClinicalNotes(tx, repos, { doctor: 'doctora@clinica.demo', patientRecordId: record.id });
    await seedFiles(tx, repos, record.id);
    await seedConsentSignatures(tx, deps, record.id);
    await seedOpinions(tx);
    await seedMessages(tx, repos, DEMO_PASSWORD);
    await seedInvoices(tx, repos, createInvoicingService(deps), record.id);
  });
  return true;
}
