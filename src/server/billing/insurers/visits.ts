import type { VisitPayerInput } from '../../../common/schemas/insurer-visits';
import { AppError, validationError, type Db, type Tx } from '../../platform';
import type { CoreDeps } from '../deps';
import type { InsurerVisitValues } from './visits-repository';

type Repos = Pick<CoreDeps, 'repos'>;

/** A visit the patient pays. */
export const PRIVATE_PAYER: InsurerVisitValues = {
  payer: 'privado',
  insurerId: null,
  insurerCardNumber: null,
  authorizationNumber: null,
  insurerPriceCents: null,
  insurerCopayCents: null,
};

const refuse = (message: string) => validationError({ payer: message });

/**
 * What a visit of `serviceId` for `patientId` carries when the desk chooses `choice` (issue 36, item 1): «Privado»
 * nothing; «Aseguradora» the patient's active insurer, her card, the insurer's tariff for the service and its copay,
 * frozen now, and the authorisation number — required when the insurer asks for one. Refused in Spanish, on the
 * field, when she has no insurer, it is inactive, or its tariff says «no cubierto» or has no price for the service
 * (the desk can then choose «Privado»).
 */
export async function insurerVisitFor(
  deps: Repos,
  visit: { patientId: string; serviceId: string | null },
  choice: VisitPayerInput | undefined,
  tx?: Db,
): Promise<InsurerVisitValues> {
  if (!choice || choice.kind === 'privado') return PRIVATE_PAYER;
  const coverage = await deps.repos.insurerVisits.coverageOf(visit.patientId, visit.serviceId, tx);
  if (!coverage) throw refuse('La ficha del paciente no tiene aseguradora: elige Privado o añádela en su ficha');
  const name = coverage.insurerName;
  if (!coverage.active) throw refuse(`${name} está dada de baja: elige Privado`);
  if (!visit.serviceId) throw refuse(`Elige el servicio: ${name} paga según su tarifa de cada servicio`);
  const service = (await deps.repos.insurerVisits.serviceName(visit.serviceId, tx)) ?? 'este servicio';
  if (!coverage.hasTariff) throw refuse(`${name} no tiene tarifa para «${service}»: elige Privado`);
  if (coverage.priceCents === null) throw refuse(`${name} no cubre «${service}» (no cubierto): elige Privado`);
  const authorizationNumber = choice.authorizationNumber?.trim() || null;
  if (coverage.requiresAuthorization && !authorizationNumber) {
    throw validationError({ authorizationNumber: `${name} exige el número de autorización de cada visita` });
  }
  return {
    payer: 'aseguradora',
    insurerId: coverage.insurerId,
    insurerCardNumber: coverage.cardNumber.trim() || null,
    authorizationNumber,
    insurerPriceCents: coverage.priceCents,
    insurerCopayCents: coverage.copayCents,
  };
}

/** Writes the payer of a visit just booked, inside the booking's transaction; answers the insurer's name. */
export const setVisitPayerIn = (deps: Repos, appointmentId: string, values: InsurerVisitValues, tx: Tx) =>
  deps.repos.insurerVisits.setPayer(appointmentId, values, tx);

/**
 * The desk changes who pays a visit already booked: not once it is invoiced to the patient or settled with the
 * insurer (its money is on an invoice), nor once cancelled. Answers the values written and the insurer's name.
 */
export async function changeVisitPayerIn(deps: Repos, appointmentId: string, choice: VisitPayerInput, tx: Tx) {
  const visit = await deps.repos.insurerVisits.lockVisit(appointmentId, tx);
  if (!visit) throw new AppError(404, 'NOT_FOUND', 'Cita no encontrada');
  if (visit.status === 'cancelada' || visit.status === 'no_asistio') {
    throw refuse('Una cita cancelada o a la que no acudió no cambia de pagador');
  }
  if (await deps.repos.insurerVisits.isBilled(appointmentId, tx)) {
    throw new AppError(409, 'ALREADY_INVOICED', 'La visita ya está facturada: su pagador no cambia.');
  }
  const values = await insurerVisitFor(deps, visit, choice, tx);
  const insurerName = await deps.repos.insurerVisits.setPayer(appointmentId, values, tx);
  return { values, insurerName };
}
