import type { VisitPayerInput } from '../../../common/schemas/insurer-visits';
import { changeVisitPayerIn } from '../../billing';
import { transact, writeAuditEntry, type AuditContext } from '../../platform';
import type { AppointmentDeps } from './appointment-deps';
import type { AppointmentView } from './repository';
import { findView } from './view-repository';

/**
 * «Privado» or «Aseguradora» for a visit already booked (decision 0118): the rules are billing's
 * (`changeVisitPayerIn`: the insurer's tariff, the authorisation, not once invoiced); audited with what it became.
 */
export async function changePayer(
  deps: AppointmentDeps,
  view: AppointmentView,
  choice: VisitPayerInput,
  context: AuditContext,
): Promise<AppointmentView> {
  return transact(deps.db, async (tx) => {
    const { values, insurerName } = await changeVisitPayerIn(deps, view.id, choice, tx);
    await writeAuditEntry(tx, {
      ...context,
      action: 'update',
      entity: 'appointment',
      entityId: view.id,
      patientId: view.patientId,
      details: {
        payer: { before: view.payer, after: values.payer },
        ...(insurerName && { insurer: insurerName, authorizationNumber: values.authorizationNumber }),
      },
    });
    return (await findView(tx, view.id))!;
  });
}
