import { reminderLeadRefusal } from '../../../common/schemas/settings';
import { changeClinicSettings, lockClinicSettings, transact, validationError } from '../../platform';
import type { ClinicSettingsRow } from '../../platform';
import type { CoreDeps } from '../deps';

/**
 * Changes the clinic's settings, refusing a reminder lead that is not greater than the cancellation window once
 * the change is merged with what is stored (either may change alone): the reminder must leave while its link can
 * still change or cancel the visit (issue 38). The row is locked, so two changes cannot each pass the rule alone.
 */
export function changeSettings(
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  changes: Partial<Omit<ClinicSettingsRow, 'id' | 'updatedAt'>>,
): Promise<ClinicSettingsRow> {
  return transact(deps.db, async (tx) => {
    const stored = await lockClinicSettings(deps, tx);
    const lead = changes.reminderLeadHours ?? stored.reminderLeadHours;
    const windowHours = changes.cancellationWindowHours ?? stored.cancellationWindowHours;
    const refusal = reminderLeadRefusal(lead, windowHours);
    if (refusal) throw validationError({ reminderLeadHours: refusal });
    return changeClinicSettings(deps, changes, tx);
  });
}
