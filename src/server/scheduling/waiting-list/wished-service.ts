import { performs } from '../../../common/schemas/clinic-services';
import { WAITING_SERVICE_MESSAGES, type WaitingChannel } from '../../../common/schemas/waiting-list';
import { validationError } from '../../platform';
import type { ClinicServiceRecord } from '../../billing';
import type { DoctorRecord } from '../doctors/repository';
import type { Repositories } from '../deps';

/**
 * The service a waiting entry is for: active, of the wished specialty and, when a doctor is wished, one they
 * perform. Who joins herself (`web`, `area`) may wish only a service bookable online, as she may book; the desk
 * any. Refused on the field (400).
 */
export async function wishedService(
  repos: Pick<Repositories, 'clinicServices'>,
  serviceId: string,
  channel: WaitingChannel,
  within: { specialtyId: string; doctor?: Pick<DoctorRecord, 'id' | 'specialtyId'> },
): Promise<ClinicServiceRecord> {
  const service = await repos.clinicServices.findById(serviceId);
  const refuse = (message: string) => validationError({ serviceId: message });
  if (!service || !service.active) throw refuse(WAITING_SERVICE_MESSAGES.unknown);
  if (channel !== 'mostrador' && !service.bookableOnline) throw refuse(WAITING_SERVICE_MESSAGES.notOnline);
  if (service.specialtyId !== within.specialtyId) throw refuse(WAITING_SERVICE_MESSAGES.otherSpecialty);
  if (within.doctor && !performs(service, within.doctor)) throw refuse(WAITING_SERVICE_MESSAGES.notPerformed);
  return service;
}
