import { randomUUID } from 'node:crypto';
import type { Role } from '../../common/roles';
import { createAccountWithProfile } from '../identity/auth/accounts';
import type { Repositories } from '../repositories';
import { loadDemoAgenda } from './demo-load';
import { DEMO_PATIENT_BIRTH_DATE, planDemo } from './demo-plan';
import { seedTasksAndStaff } from './tasks';
import { seedClinicalPlans } from './clinical-plans';
import { seedClinicalNotes } from './clinical-notes';
import { seedFiles } from './files';
import { seedMessages } from './messages';
import { clock } from '../platform/clock';
import { minus, plus } from '../platform/dates';
import { transact, type Tx } from '../platform/db/transaction';
import type { CoreDeps } from '../deps';
import { seedServices } from './services';
import { DEMO_DOCTORS } from './demo-doctors';

export { DEMO_DOCTORS };
import { seedConsents } from './consents';
import { seedQuestionnaires } from './questionnaires';
import { seedConsentSignatures } from './consent-signatures';
import { seedOpinions } from './opinions';
import { DEMO_ISSUER, seedInvoices } from './invoices';
import { seedInsurers } from './insurers';
import { seedQuotes } from './quotes';
import { planInsurerVisits } from './insurer-visits';
import { createInvoicingService } from '../billing/invoices/service';
import { createPaymentsService } from '../billing/payments/service';
import { createOnlinePaymentsCore } from '../billing/online-payments/service';
import { createPacksService } from '../billing/packs/service';

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
    const start = plus(clock.nowMs(), { days: doctor.absence.inDays });
    const end = plus(start, { days: doctor.absence.days - 1 });
    await repos.doctors.addAbsence(
      account.id,
      { startDate: isoDay(start), endDate: isoDay(end), reason: doctor.absence.reason },
      db,
    );
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
    const settings = await repos.clinic.getSettings(tx);
    const plan = planDemo(clock.nowMs(), settings.timeZone);

    // The demo paciente has a complete record, linked to the account, made two years ago.
    const account = (await repos.auth.findAccountByEmail('paciente@clinica.demo', tx))!;
    const registeredAt = minus(clock.nowMs(), { days: 730 });
    const recordId = randomUUID();
    await repos.patients.createMany(
      [
        {
          id: recordId,
          accountId: account.id,
          firstName: 'Javier',
          lastName: 'Moreno López',
          email: account.email,
          phone: '+34 600 123 456',
          documentType: 'dni',
          documentNumber: '50123456Q',
          birthDate: DEMO_PATIENT_BIRTH_DATE,
          sex: 'hombre',
          address: 'Calle de Embajadores 120, 28045 Madrid',
          insurer: 'Sanitas',
          policyNumber: 'SAN-482193',
          allergies: 'Penicilina',
          medicalHistory: 'Hipertensión arterial en tratamiento desde 2019.',
          privacyConsentAt: clock.now(),
          privacyConsentChannel: 'web',
          createdAt: registeredAt,
          updatedAt: clock.now(),
        },
      ],
      tx,
    );
    const record = { id: recordId };
    await repos.recordLinks.setEmailVerified(account.id, clock.now(), tx);
    const visitIds = await loadDemoAgenda(tx, repos, plan, record.id);
    await seedTasksAndStaff(tx, repos, settings.timeZone, DEMO_PASSWORD);
    await seedClinicalPlans(tx, repos, {
      doctorEmail: 'doctora@clinica.demo',
      patientAccountEmail: 'paciente@clinica.demo',
      timeZone: settings.timeZone,
      sessions: plan.visits.flatMap((visit) =>
        visit.session ? [{ startsAt: visit.startsAt, treatment: visit.session }] : [],
      ),
    });
    await seedQuestionnaires(tx, repos, 'admin@clinica.demo', 'paciente@clinica.demo');
    await seedClinicalNotes(tx, repos, { doctor: 'doctora@clinica.demo', patientRecordId: record.id });
    await seedFiles(tx, repos, record.id);
    await seedConsentSignatures(
      tx,
      deps,
      plan.visits.flatMap((visit) =>
        visit.consent ? [{ ...visitIds.get(visit)!, signed: visit.consent === 'firmado' }] : [],
      ),
    );
    await seedOpinions(tx);
    await seedMessages(tx, repos, DEMO_PASSWORD);
    // The insurers before the invoices: their settlement is billed in the invoices' timeline.
    await seedInsurers(tx, repos, record.id, settings.timeZone);
    // Before the invoices: the treatment's done sessions are invoiced at the quote's price.
    const invoicing = createInvoicingService(deps);
    const payments = createPaymentsService(deps);
    await repos.clinic.updateSettings(DEMO_ISSUER, tx);
    await seedQuotes(
      tx,
      { ...deps, invoicing },
      {
        patientId: record.id,
        timeZone: settings.timeZone,
        closedDays: new Set(plan.holidays.map((holiday) => holiday.date)),
        nowMs: plan.nowMs,
      },
    );
    await seedInvoices(tx, repos, {
      invoicing,
      payments,
      online: createOnlinePaymentsCore({ ...deps, gateway: deps.config.redsys }),
      packs: createPacksService(deps, invoicing),
      demoPatientId: record.id,
      timeZone: settings.timeZone,
      closedDays: new Set(plan.holidays.map((holiday) => holiday.date)),
      nowMs: plan.nowMs,
      alsoPlan: (timeline, planned) =>
        planInsurerVisits(
          tx,
          repos,
          { invoicing, payments },
          { timeZone: settings.timeZone, nowMs: plan.nowMs },
          timeline,
          planned,
        ),
    });
  });
  return true;
}
