import type { Db } from '../db/client';
import type { Tx } from '../db/transaction';
import type { ClinicRepository, ClinicSettingsRow } from './clinic-repository';

/** What the clinic's settings are read and changed through: its repository and the database. */
export interface SettingsDeps {
  db: Db;
  repos: { clinic: ClinicRepository };
}

/** The clinic's settings (cached by the repository for a few seconds), or as seen inside a transaction. */
export const readClinicSettings = (deps: Pick<SettingsDeps, 'repos'>, tx?: Db): Promise<ClinicSettingsRow> =>
  deps.repos.clinic.getSettings(tx);

/** The clinic's time zone. */
export const clinicTimeZone = async (deps: Pick<SettingsDeps, 'repos'>, tx?: Db): Promise<string> =>
  (await deps.repos.clinic.getSettings(tx)).timeZone;

/** The minutes a staff session may stay idle. */
export const staffIdleMinutesOf = (deps: Pick<SettingsDeps, 'repos'>): Promise<number> =>
  deps.repos.clinic.staffIdleMinutes();

/** The settings locked for a change in `tx` (two changes to them wait for each other). */
export const lockClinicSettings = (deps: Pick<SettingsDeps, 'repos'>, tx: Tx): Promise<ClinicSettingsRow> =>
  deps.repos.clinic.lockSettings(tx);

/** Changes the settings in `tx`. */
export const changeClinicSettings = (
  deps: Pick<SettingsDeps, 'repos'>,
  changes: Partial<Omit<ClinicSettingsRow, 'id' | 'updatedAt'>>,
  tx: Tx,
): Promise<ClinicSettingsRow> => deps.repos.clinic.updateSettings(changes, tx);
