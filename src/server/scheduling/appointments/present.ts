import { depositOf } from '../../billing';
import type { Appointment, OwnAppointment } from '../../../common/schemas/appointments';
import type { DeskNotice } from '../../../common/schemas/tasks';
import { clock, minus, type ClinicSettingsRow } from '../../platform';
import type { CoreDeps } from '../deps';
import type { AppointmentView } from './repository';

/** A changed appointment, with what the desk is told and, for a booking, the questionnaires it asked. */
export type NoticedView = AppointmentView & { notices: DeskNotice[]; questionnairesAsked?: string[] };

export function presentAppointment(view: AppointmentView): Appointment {
  return {
    id: view.id,
    patientId: view.patientId,
    patientName: `${view.patientFirstName} ${view.patientLastName}`.trim(),
    patientPhone: view.patientPhone,
    patientEmail: view.patientEmail,
    patientBirthDate: view.patientBirthDate,
    patientDocument: view.patientDocument,
    doctorId: view.doctorId,
    doctorName: view.doctorName,
    doctorColor: view.doctorColor,
    specialty: view.specialty,
    startsAt: view.startsAt.toISOString(),
    endsAt: view.endsAt.toISOString(),
    reason: view.reason,
    channel: view.channel,
    status: view.status,
    arrivedAt: view.arrivedAt?.toISOString() ?? null,
    cancelReason: view.cancelReason,
    cancelReasonVisible: view.cancelReasonVisible,
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
    serviceId: view.serviceId ?? null,
    insurer:
      view.payer === 'aseguradora'
        ? {
            insurerId: view.insurerId,
            insurerName: view.insurerName,
            cardNumber: view.insurerCardNumber,
            authorizationNumber: view.authorizationNumber,
            priceCents: view.insurerPriceCents,
            copayCents: view.insurerCopayCents,
          }
        : null,
  };
}

/** The appointment, and the calls the desk must make because the patient has no e-mail (the toast says them). */
export const withNotices = (view: NoticedView) => ({ ...presentAppointment(view), notices: view.notices });

/**
 * An appointment as its patient sees it. `serviceNames` (the catalogue's, read once) spares a list one read of the
 * service per appointment; without it the one service is read.
 */
export async function ownView(
  deps: Pick<CoreDeps, 'repos'>,
  view: AppointmentView & { questionnairesAsked?: string[] },
  known?: ClinicSettingsRow,
  serviceNames?: ReadonlyMap<string, string>,
): Promise<OwnAppointment> {
  const settings = known ?? (await deps.repos.clinic.getSettings());
  const deadline = minus(view.startsAt, { hours: settings.cancellationWindowHours });
  // The service's name, and the length this visit was booked for.
  const booked = !view.serviceId
    ? undefined
    : serviceNames
      ? { name: serviceNames.get(view.serviceId) ?? '' }
      : await deps.repos.clinicServices.findById(view.serviceId);
  const minutes = (view.endsAt.getTime() - view.startsAt.getTime()) / 60_000;
  return {
    id: view.id,
    status: view.status,
    startsAt: view.startsAt.toISOString(),
    endsAt: view.endsAt.toISOString(),
    doctorId: view.doctorId,
    doctorName: view.doctorName,
    specialty: view.specialty,
    service: booked ? { name: booked.name, durationMinutes: minutes } : null,
    reason: view.reason,
    patientName: `${view.patientFirstName} ${view.patientLastName}`.trim(),
    timeZone: settings.timeZone,
    canChange: ['pendiente', 'confirmada'].includes(view.status) && clock.nowMs() <= deadline.getTime(),
    changeDeadline: deadline.toISOString(),
    cancelReason: view.cancelReasonVisible ? view.cancelReason : null,
    ...(view.questionnairesAsked ? { questionnairesAsked: view.questionnairesAsked } : {}),
    // A booking online of a service that asks a deposit: what it is and where it stands (decision 0121).
    deposit: view.serviceId ? await depositOf(deps, view.id) : null,
  };
}
