import type { AppointmentView } from './repository';

/** A move of a booked service to a doctor who does not perform it: a message on the field. */
export const NOT_PERFORMED_MESSAGE = 'Este profesional no realiza el servicio de esta cita';

/**
 * The length an appointment keeps when it is moved: a booked service's (the visit's own length, which is what it
 * was booked for); `undefined` for a visit without one, which takes the length of the doctor it goes to.
 */
export const keptMinutes = (view: Pick<AppointmentView, 'serviceId' | 'startsAt' | 'endsAt'>) =>
  view.serviceId ? (view.endsAt.getTime() - view.startsAt.getTime()) / 60_000 : undefined;
