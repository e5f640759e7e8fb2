import { performs } from '../../../common/schemas/clinic-services';
import type { Availability } from '../../../common/schemas/appointments';
import type { RescheduleAvailabilityQuery } from '../../../common/schemas/reschedule-availability';
import { validationError } from '../../platform';
import type { Repositories } from '../deps';
import type { AppointmentView } from './repository';
import type { AppointmentService } from './service';
import { availabilityOut } from './availability-out';
import { keptMinutes, NOT_PERFORMED_MESSAGE } from './kept-length';

/**
 * The free times an appointment may be moved to, of its own length: the patient's «Cambiar la hora» (in her
 * area or by the e-mail link) and the desk's «Cambiar fecha u hora» ask them here instead of the doctor's
 * slots. Another doctor must perform the appointment's service; its own time is not offered (nor blocks).
 */
export async function rescheduleAvailability(
  deps: { repos: Pick<Repositories, 'clinic' | 'clinicServices' | 'doctors'>; appointments: AppointmentService },
  view: AppointmentView,
  query: RescheduleAvailabilityQuery,
  held: 'busy' | 'mark',
): Promise<Availability> {
  const { repos, appointments } = deps;
  const settings = await repos.clinic.getSettings();
  const own = await appointments.activeDoctor(view.doctorId);
  const service = view.serviceId ? await repos.clinicServices.findById(view.serviceId) : undefined;
  const fits = (doctor: { id: string; specialtyId: string }) =>
    doctor.id === own.id || !service || performs(service, doctor);
  let doctors = [own];
  if (query.cualquiera) {
    doctors = (await repos.doctors.list({ specialtyId: own.specialtyId })).filter(
      (doctor) => doctor.schedule.length > 0 && fits(doctor),
    );
  } else if (query.doctorId && query.doctorId !== own.id) {
    const other = await appointments.activeDoctor(query.doctorId);
    if (!fits(other)) throw validationError({ doctorId: NOT_PERFORMED_MESSAGE });
    doctors = [other];
  }
  const [results, holidays] = await Promise.all([
    appointments.availability(doctors, query.from, query.to, settings, view, held, keptMinutes(view)),
    appointments.closedDays(query.from, query.to),
  ]);
  const current = (doctorId: string, startsAt: Date) =>
    doctorId === view.doctorId && startsAt.getTime() === view.startsAt.getTime();
  return availabilityOut(settings.timeZone, results, (doctorId, slot) => !current(doctorId, slot.startsAt), holidays);
}
