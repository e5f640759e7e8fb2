import { depositOf } from '../../billing';
import type { Db } from '../../platform';
import type { CoreDeps } from '../deps';

type ReadDeps = Pick<CoreDeps, 'repos'>;

/** The clinic's settings (its zone, its booking rules). */
export const clinicSettings = (deps: ReadDeps) => deps.repos.clinic.getSettings();

/** The doctors a day's diary may show (those with hours that weekday, or appointments that day). */
export const diaryDoctors = (deps: ReadDeps) => deps.repos.doctors.list();

/** The holiday or closure of a wall-clock day, if any. */
export const holidayOn = (deps: ReadDeps, date: string) => deps.repos.holidays.on(date);

/** The catalogue's names of services by id (a list of the paciente's appointments names each one's). */
export async function serviceNames(deps: ReadDeps): Promise<ReadonlyMap<string, string>> {
  const catalogue = await deps.repos.clinicServices.list();
  return new Map(catalogue.map((item) => [item.id, item.name]));
}

/** What the appointment's page shows besides the appointment: its history and, for a minor, the child. */
export async function appointmentRecord(deps: ReadDeps, appointmentId: string, db?: Db) {
  return {
    history: await deps.repos.appointments.history(appointmentId, db),
    minor: await deps.repos.appointmentMinors.find(appointmentId, db),
    // Its deposit, when the booking asked one (paid, pending, refunded…: decision 0121).
    deposit: await depositOf(deps, appointmentId, db),
  };
}
