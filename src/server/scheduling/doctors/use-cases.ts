import type { WorkingInterval } from '../../../common/schemas/doctors';
import { timeToMinutes } from '../../../common/time';
import { addDays, AppError, clock, dateInZone, notFound, readClinicSettings, transact } from '../../platform';
import { createAccountWithProfile, sendInvitation } from '../../identity';
import type { CoreDeps } from '../deps';
import { nextFreeSlots } from './next-free-slot';
import { presentDoctor } from './presenters';
import type { DoctorsRepository } from './repository';

type Deps = Pick<CoreDeps, 'db' | 'repos' | 'config' | 'outbox'>;
type DoctorFields = Omit<Parameters<DoctorsRepository['create']>[0], 'id'>;
type DoctorChanges = Parameters<DoctorsRepository['update']>[1];

export const DOCTOR_NOT_FOUND = 'Doctor no encontrado';

const toMinutes = (schedule: WorkingInterval[]) =>
  schedule.map((interval) => ({
    weekday: interval.weekday,
    startMinute: timeToMinutes(interval.start),
    endMinute: timeToMinutes(interval.end),
  }));

/** The clinic's holidays and closures over the booking horizon: no doctor's next free slot falls on one. */
async function closedDays(deps: Pick<CoreDeps, 'repos'>) {
  const settings = await readClinicSettings(deps);
  const today = dateInZone(clock.now(), settings.timeZone);
  const last = addDays(today, settings.bookingHorizonDays + 1);
  return deps.repos.holidays.between(today, last);
}

/** The doctors, each with her next free slot. */
export async function listDoctors(deps: Pick<CoreDeps, 'repos'>, includeInactive: boolean) {
  const list = await deps.repos.doctors.list({ includeInactive });
  const next = await nextFreeSlots(
    deps.repos.doctors,
    await readClinicSettings(deps),
    list,
    undefined,
    await closedDays(deps),
  );
  return list.map((doctor) => presentDoctor(doctor, next.get(doctor.id) ?? null));
}

/** One doctor with her next free slot, or 404. */
export async function doctorWithNextSlot(deps: Pick<CoreDeps, 'repos'>, id: string) {
  const doctor = await requireDoctor(deps, id);
  const next = await nextFreeSlots(
    deps.repos.doctors,
    await readClinicSettings(deps),
    [doctor],
    undefined,
    await closedDays(deps),
  );
  return presentDoctor(doctor, next.get(doctor.id) ?? null);
}

/** The doctor's row, if there is one. */
export const findDoctor = (deps: Pick<CoreDeps, 'repos'>, id: string) => deps.repos.doctors.findById(id);

/** The doctor's row, or 404. */
export async function requireDoctor(deps: Pick<CoreDeps, 'repos'>, id: string) {
  const doctor = await deps.repos.doctors.findById(id);
  if (!doctor) throw notFound(DOCTOR_NOT_FOUND);
  return doctor;
}

/** Refuses a specialty the clinic does not have. */
export async function requireSpecialty(deps: Pick<CoreDeps, 'repos'>, specialtyId: string) {
  if (!(await deps.repos.doctors.findSpecialty(specialtyId))) {
    throw new AppError(400, 'VALIDATION', 'Elige una especialidad de la lista', {
      specialtyId: 'Elige una especialidad de la lista',
    });
  }
}

/** Whether an account already uses this e-mail. */
export const emailInUse = async (deps: Pick<CoreDeps, 'repos'>, email: string) =>
  (await deps.repos.auth.findAccountByEmail(email)) !== undefined;

/** A doctor's account, profile, row and hours, and her invitation, in one transaction; answers her id. */
export const createDoctor = (
  deps: Deps,
  input: { email: string; displayName: string; phone?: string | null; schedule: WorkingInterval[] } & DoctorFields,
) =>
  transact(deps.db, async (tx) => {
    const { email, displayName, phone, schedule, ...fields } = input;
    const { account } = await createAccountWithProfile(tx, deps.repos.auth, {
      email,
      displayName,
      role: 'doctor',
      phone: phone || null,
    });
    await deps.repos.doctors.create({ id: account.id, ...fields }, tx);
    await deps.repos.doctors.replaceSchedule(account.id, toMinutes(schedule), tx);
    await sendInvitation(deps, { id: account.id, email, displayName }, 'doctor', tx);
    return account.id;
  });

/** Changes a doctor's name and phone (her account's) and her row. */
export const updateDoctor = (
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  id: string,
  { displayName, phone, ...fields }: { displayName?: string; phone?: string | null } & DoctorChanges,
) =>
  transact(deps.db, async (tx) => {
    if (displayName !== undefined || phone !== undefined) {
      await deps.repos.auth.mergeProfile(
        id,
        {
          ...(displayName !== undefined ? { displayName } : {}),
          ...(phone !== undefined ? { phone: phone || null } : {}),
        },
        tx,
      );
      if (displayName) await deps.repos.auth.updateAccount(id, { displayName }, tx);
    }
    await deps.repos.doctors.update(id, fields, tx);
  });

/** Replaces a doctor's weekly hours. */
export const replaceDoctorSchedule = (deps: Pick<CoreDeps, 'db' | 'repos'>, id: string, schedule: WorkingInterval[]) =>
  transact(deps.db, (tx) => deps.repos.doctors.replaceSchedule(id, toMinutes(schedule), tx));

/** Adds an absence to a doctor. */
export const addDoctorAbsence = (
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  id: string,
  absence: Parameters<DoctorsRepository['addAbsence']>[1],
) => transact(deps.db, (tx) => deps.repos.doctors.addAbsence(id, absence, tx));

/** Removes an absence; false when there was none. */
export const removeDoctorAbsence = (deps: Pick<CoreDeps, 'db' | 'repos'>, id: string, absenceId: string) =>
  transact(deps.db, (tx) => deps.repos.doctors.deleteAbsence(id, absenceId, tx));

/** Changes the signed-in doctor's bio. */
export const updateDoctorBio = (deps: Pick<CoreDeps, 'db' | 'repos'>, id: string, bio: string) =>
  transact(deps.db, (tx) => deps.repos.doctors.update(id, { bio }, tx));

// Specialties.

/** The specialties with how many doctors practise each. */
export const listSpecialties = (deps: Pick<CoreDeps, 'repos'>) => deps.repos.doctors.listSpecialties();

export const createSpecialty = (deps: Pick<CoreDeps, 'db' | 'repos'>, name: string, forMinors: boolean) =>
  transact(deps.db, (tx) => deps.repos.doctors.createSpecialty(name, tx, forMinors));

export const renameSpecialty = (
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  id: string,
  name: string,
  forMinors: boolean | undefined,
) => transact(deps.db, (tx) => deps.repos.doctors.renameSpecialty(id, name, tx, forMinors));

export const countDoctorsWithSpecialty = (deps: Pick<CoreDeps, 'repos'>, id: string) =>
  deps.repos.doctors.countDoctorsWithSpecialty(id);

export const deleteSpecialty = (deps: Pick<CoreDeps, 'db' | 'repos'>, id: string) =>
  transact(deps.db, (tx) => deps.repos.doctors.deleteSpecialty(id, tx));

/** The clinic's settings and its active doctors, for the public page. */
export const clinicAndDoctors = (deps: Pick<CoreDeps, 'repos'>) =>
  Promise.all([readClinicSettings(deps), deps.repos.doctors.list()]);
