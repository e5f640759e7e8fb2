import { performs } from '../../../common/schemas/clinic-services';
import { validationError } from '../../platform';
import { priceWithVat, type ClinicServiceRecord } from '../../billing';
import type { DoctorRecord } from '../doctors/repository';
import type { Repositories } from '../deps';

/** The field messages of a service that the public booking or the paciente may not book. */
export const ONLINE_SERVICE_MESSAGES = {
  unknown: 'Elige un servicio activo de la lista',
  notOnline: 'Este servicio no se puede reservar por internet. Llama a la clínica para pedirlo.',
  otherSpecialty: 'Este servicio no es de la especialidad elegida',
  notPerformed: 'Este profesional no realiza ese servicio',
} as const;

/**
 * What the booking page shows of a service: its price is public, like any clinic's price list, and says what the
 * patient pays — VAT included (services are priced before VAT; health care is exempt, so most prices are unchanged).
 */
export interface OnlineService {
  id: string;
  name: string;
  specialtyId: string;
  durationMinutes: number;
  priceCents: number;
  /** Of the doctors who take online bookings, those who perform it. */
  doctorIds: string[];
  /** The deposit booking it online asks, VAT included, and the hours of its refund (decision 0121). */
  deposit: { amountCents: number; refundHours: number } | null;
}

/**
 * The services a patient may book online: active, bookable online, performed by at least one of the
 * doctors who take online bookings.
 */
export function onlineServices(
  services: ClinicServiceRecord[],
  bookable: Pick<DoctorRecord, 'id' | 'specialtyId'>[],
  /** Whether the clinic takes card payments: without them no deposit is asked. */
  depositsOn = false,
): OnlineService[] {
  return services
    .filter((service) => service.active && service.bookableOnline)
    .map((service) => ({
      id: service.id,
      name: service.name,
      specialtyId: service.specialtyId,
      durationMinutes: service.durationMinutes,
      priceCents: priceWithVat(service.priceCents, service.vat),
      doctorIds: bookable.filter((doctor) => performs(service, doctor)).map((doctor) => doctor.id),
      deposit:
        depositsOn && service.depositCents
          ? { amountCents: service.depositCents, refundHours: service.depositRefundHours }
          : null,
    }))
    .filter((service) => service.doctorIds.length > 0);
}

/**
 * A service the public booking or the paciente asks for: it must exist, be active and bookable online, be of
 * the specialty asked for and, once a doctor is chosen, be one they perform. Refused on the field (400).
 */
export async function requireOnlineService(
  repos: Pick<Repositories, 'clinicServices'>,
  serviceId: string,
  within: { specialtyId?: string; doctor?: Pick<DoctorRecord, 'id' | 'specialtyId'> },
): Promise<ClinicServiceRecord> {
  const service = await repos.clinicServices.findById(serviceId);
  const refuse = (message: string) => validationError({ serviceId: message });
  if (!service || !service.active) throw refuse(ONLINE_SERVICE_MESSAGES.unknown);
  if (!service.bookableOnline) throw refuse(ONLINE_SERVICE_MESSAGES.notOnline);
  const specialtyId = within.specialtyId ?? within.doctor?.specialtyId;
  if (specialtyId && service.specialtyId !== specialtyId) throw refuse(ONLINE_SERVICE_MESSAGES.otherSpecialty);
  if (within.doctor && !performs(service, within.doctor)) throw refuse(ONLINE_SERVICE_MESSAGES.notPerformed);
  return service;
}
