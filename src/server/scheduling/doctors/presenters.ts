import type { Doctor } from '../../../common/schemas/doctors';
import { minutesToTime } from '../../../common/time';
import type { DoctorRecord } from './repository';

export function presentDoctor(doctor: DoctorRecord, nextFreeSlot: Date | null): Doctor {
  return {
    id: doctor.id,
    email: doctor.email,
    displayName: doctor.displayName,
    phone: doctor.phone,
    specialtyId: doctor.specialtyId,
    specialty: doctor.specialty,
    licenseNumber: doctor.licenseNumber,
    bio: doctor.bio,
    photoUrl: doctor.photoUrl,
    color: doctor.color,
    appointmentMinutes: doctor.appointmentMinutes,
    active: doctor.active,
    schedule: doctor.schedule.map((interval) => ({
      weekday: interval.weekday,
      start: minutesToTime(interval.startMinute),
      end: minutesToTime(interval.endMinute),
    })),
    absences: doctor.absences,
    nextFreeSlot: nextFreeSlot?.toISOString() ?? null,
  };
}
