import {
  SETUP_STEPS,
  type SetupProgress,
  type SetupStep,
  type SetupStepState,
  type SetupWizardView,
  type SpanishRegion,
  REGION_CODES,
} from '../../../common/schemas/setup';
import {
  changeClinicSettings,
  clock,
  dateInZone,
  lockClinicSettings,
  readClinicSettings,
  transact,
} from '../../platform';
import type { CoreDeps } from '../deps';

type Deps = Pick<CoreDeps, 'db' | 'repos'>;

/** The progress as stored (an empty object before the wizard is first opened), made whole. */
function progressOf(stored: Partial<SetupProgress>): SetupProgress {
  const steps: SetupProgress['steps'] = {};
  for (const step of SETUP_STEPS) {
    const state = stored.steps?.[step];
    if (state) steps[step] = state;
  }
  return { steps, finished: stored.finished === true, dismissed: stored.dismissed === true };
}

const regionOf = (value: string): SpanishRegion | null =>
  (REGION_CODES as readonly string[]).includes(value) ? (value as SpanishRegion) : null;

/** The wizard's progress and what the clinic already has (the dashboard's «Configura tu clínica» reads it too). */
export async function readSetupWizard(deps: Deps): Promise<SetupWizardView> {
  const settings = await readClinicSettings(deps);
  const year = dateInZone(clock.now(), settings.timeZone).slice(0, 4);
  const [doctors, services, holidays] = await Promise.all([
    deps.repos.doctors.list({ includeInactive: true }),
    deps.repos.clinicServices.list(),
    deps.repos.holidays.between(`${year}-01-01`, `${year}-12-31`),
  ]);
  return {
    ...progressOf(settings.setupProgress),
    holidayRegion: regionOf(settings.holidayRegion),
    emptyClinic: doctors.length === 0 && services.length === 0,
    counts: { doctors: doctors.length, services: services.length, holidays: holidays.length },
  };
}

/** Changes the stored progress, the settings row locked so two tabs do not lose each other's step. */
const changeProgress = (deps: Deps, change: (progress: SetupProgress) => SetupProgress) =>
  transact(deps.db, async (tx) => {
    const settings = await lockClinicSettings(deps, tx);
    await changeClinicSettings(deps, { setupProgress: change(progressOf(settings.setupProgress)) }, tx);
  });

/** A step saved or skipped. */
export const markSetupStep = (deps: Deps, step: SetupStep, state: SetupStepState) =>
  changeProgress(deps, (progress) => ({ ...progress, steps: { ...progress.steps, [step]: state } }));

/** The end reached: the dashboard no longer offers the wizard (it stays in the settings). */
export const finishSetupWizard = (deps: Deps) => changeProgress(deps, (progress) => ({ ...progress, finished: true }));

/** «No mostrar más» on the dashboard's card. */
export const dismissSetupWizard = (deps: Deps) =>
  changeProgress(deps, (progress) => ({ ...progress, dismissed: true }));
