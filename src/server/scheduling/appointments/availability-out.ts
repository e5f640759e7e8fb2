import type { Availability, Slot } from '../../../common/schemas/appointments';
import type { DoctorRecord } from '../doctors/repository';

/** A free slot as the API answers it (ISO instants; `heldUntil` only for the desk's marked slots). */
export const slotOut = (slot: { startsAt: Date; endsAt: Date; heldUntil?: Date }): Slot => ({
  startsAt: slot.startsAt.toISOString(),
  endsAt: slot.endsAt.toISOString(),
  ...(slot.heldUntil ? { heldUntil: slot.heldUntil.toISOString() } : {}),
});

/**
 * The answer of an availability request (the public page's and an appointment's own free times): each doctor
 * with the slots `keep` lets through.
 */
export function availabilityOut(
  timeZone: string,
  results: { doctor: DoctorRecord; slots: { startsAt: Date; endsAt: Date; heldUntil?: Date }[] }[],
  keep: (doctorId: string, slot: { startsAt: Date }) => boolean = () => true,
  holidays: { date: string; name: string }[] = [],
): Availability {
  return {
    timeZone,
    holidays,
    doctors: results.map(({ doctor, slots }) => ({
      id: doctor.id,
      displayName: doctor.displayName,
      specialty: doctor.specialty,
      color: doctor.color,
      appointmentMinutes: doctor.appointmentMinutes,
      slots: slots.filter((slot) => keep(doctor.id, slot)).map(slotOut),
    })),
  };
}
