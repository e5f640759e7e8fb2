import type { Db } from '../platform/db/client';
import { transact } from '../platform/db/transaction';
import { createAccountWithProfile } from '../identity/auth/accounts';
import type { Repositories } from '../repositories';
import { seedAppointments } from './appointments';
import { fakePatient, FEMALE_NAMES, MALE_NAMES, random, SURNAMES } from './spanish-data';
import { clock } from '../platform/clock';
import { realNowMs } from '../platform/dates';

/** Adds `count` made-up patients (numbered after those already there). */
export async function addPatients(db: Db, repos: Repositories, count: number, onProgress?: (done: number) => void) {
  const offset = await repos.patients.count();
  for (let from = 0; from < count; from += 1000) {
    const batch: ReturnType<typeof fakePatient>[] = [];
    for (let i = from; i < Math.min(count, from + 1000); i++) batch.push(fakePatient(offset + i + 1_000_000, 7));
    await transact(db, (tx) => repos.patients.createMany(batch, tx));
    onProgress?.(Math.min(count, from + 1000));
  }
}

/**
 * Adds `doctorCount` doctors working Monday–Friday 08:00–20:00 in 30-minute slots, and about
 * `appointmentCount` appointments over them: days back from today filled at 90 %, then the weeks
 * ahead filled less and less, as a busy clinic group looks.
 */
export async function addDoctorsAndAppointments(
  db: Db,
  repos: Repositories,
  input: { doctorCount: number; appointmentCount: number; onProgress?: (done: number) => void },
) {
  const settings = await repos.clinic.getSettings();
  const rng = random(99);
  const specialtyNames = [
    'Medicina familiar',
    'Pediatría',
    'Dermatología',
    'Traumatología',
    'Cardiología',
    'Ginecología',
  ];
  const existing = await repos.doctors.listSpecialties();
  const specialtyIds: string[] = [];
  for (const name of specialtyNames) {
    specialtyIds.push(
      existing.find((specialty) => specialty.name === name)?.id ??
        (await transact(db, (tx) => repos.doctors.createSpecialty(name, tx))).id,
    );
  }
  const stamp = realNowMs().toString(36);
  const doctorIds: string[] = [];
  for (let i = 0; i < input.doctorCount; i++) {
    const female = rng.next() < 0.5;
    const name = `${female ? 'Dra.' : 'Dr.'} ${rng.pick(female ? FEMALE_NAMES : MALE_NAMES)} ${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}`;
    const { account } = await createAccountWithProfile(db, repos.auth, {
      email: `medico${i}-${stamp}@bench.clinica`,
      displayName: name,
      role: 'doctor',
    });
    await transact(db, async (tx) => {
      await repos.doctors.create(
        {
          id: account.id,
          specialtyId: specialtyIds[i % specialtyIds.length]!,
          licenseNumber: `28${String(900000 + i)}`,
          appointmentMinutes: 30,
        },
        tx,
      );
      await repos.doctors.replaceSchedule(
        account.id,
        [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 8 * 60, endMinute: 20 * 60 })),
        tx,
      );
    });
    doctorIds.push(account.id);
  }
  const doctors = (await repos.doctors.list()).filter((doctor) => doctorIds.includes(doctor.id));
  let patientIds = await repos.patients.someIds(20_000);
  if (patientIds.length === 0) {
    await addPatients(db, repos, 1000);
    patientIds = await repos.patients.someIds(20_000);
  }
  // 24 slots a working day per doctor; ~0.9 of them booked in the past.
  const perDay = input.doctorCount * 24 * 0.9;
  const workingDaysBack = Math.ceil(input.appointmentCount / perDay);
  const today = clock.today(settings.timeZone);
  const fromDay = today.subtract({ days: Math.ceil((workingDaysBack * 7) / 5) });
  return seedAppointments(db, repos, {
    doctors,
    patients: patientIds.map((id) => ({ id })),
    nowMs: clock.nowMs(),
    timeZone: settings.timeZone,
    fromDay: fromDay.toString(),
    toDay: today.add({ days: 60 }).toString(),
    fill: (days) => (days <= 0 ? 0.9 : days <= 7 ? 0.7 : days <= 28 ? 0.4 : 0.15),
    withEvents: false,
    seed: 7,
    batchSize: 5000,
    onProgress: input.onProgress,
  });
}
