import { useState } from 'react';
import type { BookingOptions, Slot } from '../../../../common/schemas/appointments';
import { ANY_DOCTOR, bookableSpecialties } from '../../../features/booking/components/doctor-choice';
import type { PickedSlot } from '../../../features/booking/utils/slots';

interface SlotTaken {
  message: string;
  slots: PickedSlot[];
  /** The day of the time that was lost: the picker opens on its week. */
  day: string;
}

/**
 * The booking page's steps and what was chosen in them: the specialty and professional, the day and time,
 * and the step shown. A step is reached only once the steps before it are chosen; each says what is missing.
 * The page calls it before it knows the booking options (hooks come before its early returns).
 */
export function useBookingSteps(options: BookingOptions | undefined) {
  const [step, setStep] = useState(0);
  const [chosenSpecialtyId, setSpecialtyId] = useState<string | null>(null);
  const [doctorChoice, setDoctorChoice] = useState(ANY_DOCTOR);
  const [specialtyError, setSpecialtyError] = useState<string>();
  const [chosenServiceId, setServiceId] = useState<string | null>(null);
  const [serviceError, setServiceError] = useState<string>();
  const [slot, setSlot] = useState<PickedSlot | null>(null);
  const [slotError, setSlotError] = useState<string>();
  const [slotTaken, setSlotTaken] = useState<SlotTaken | null>(null);

  const bookable = options ? bookableSpecialties(options) : [];
  // With a single specialty there is nothing to choose.
  const specialtyId = chosenSpecialtyId ?? (bookable.length === 1 ? bookable[0]!.id : null);
  const specialty = options?.specialties.find((item) => item.id === specialtyId);
  const doctorId = doctorChoice === ANY_DOCTOR ? null : doctorChoice;
  // The specialty's services bookable online: when it has any, one is chosen before the professional.
  // (Filtered here, not with the services' helpers, which bring the euro formatter into the first load.)
  const services = options?.services.filter((item) => item.specialtyId === specialtyId) ?? [];
  const service = services.find((item) => item.id === chosenServiceId) ?? null;
  const performers = services.length === 0 ? null : (service?.doctorIds ?? []);

  const chooseSpecialty = (id: string) => {
    setSpecialtyId(id);
    setSpecialtyError(undefined);
    setDoctorChoice(ANY_DOCTOR);
    setServiceId(null);
    setServiceError(undefined);
    setSlot(null);
    setSlotTaken(null);
  };
  const chooseService = (id: string) => {
    setServiceId(id);
    setServiceError(undefined);
    // A professional who does not perform it is no longer a choice.
    const performer = options?.services.find((item) => item.id === id)?.doctorIds.includes(doctorChoice);
    if (!performer) setDoctorChoice(ANY_DOCTOR);
    setSlot(null);
    setSlotTaken(null);
  };
  const chooseDoctor = (id: string) => {
    setDoctorChoice(id);
    setSlot(null);
    setSlotTaken(null);
  };
  const chooseSlot = (picked: PickedSlot) => {
    setSlot(picked);
    setSlotError(undefined);
  };

  const goTo = (next: number) => {
    if (next >= 1 && !specialtyId) {
      setSpecialtyError('Elige una especialidad');
      setStep(0);
      return;
    }
    if (next >= 1 && services.length > 0 && !service) {
      setServiceError('Elige un servicio');
      setStep(0);
      return;
    }
    if (next >= 2 && !slot) {
      setSlotError('Elige un día y una hora para continuar');
      setStep(1);
      return;
    }
    if (next === 2) setSlotTaken(null);
    setStep(next);
  };

  /**
   * The time was taken meanwhile: back to «Día y hora», on its week, with the fresh times offered. The
   * clinic's calendar helpers come with «Día y hora» (loaded by then), not in the page's first load.
   */
  const slotLost = (taken: { message: string; slots: Slot[] }) => {
    if (!slot || !options) return;
    const { timeZone } = options;
    void import('../../../lib/dates').then(({ dayKey }) => {
      setSlotTaken({
        message: taken.message,
        slots: taken.slots.map((fresh) => ({ ...fresh, doctorId: slot.doctorId, doctorName: slot.doctorName })),
        day: dayKey(slot.startsAt, timeZone),
      });
      setSlot(null);
      setStep(1);
    });
  };

  return {
    step,
    bookable,
    specialtyId,
    specialty,
    doctorChoice,
    doctorId,
    specialtyError,
    services,
    service,
    serviceError,
    performers,
    slot,
    slotError,
    slotTaken,
    chooseSpecialty,
    chooseDoctor,
    chooseService,
    chooseSlot,
    goTo,
    slotLost,
  };
}
