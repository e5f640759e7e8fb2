import { useEffect, useState } from 'react';
import type { OwnAppointment, Slot } from '../../../../common/schemas/appointments';
import type { Profile } from '../../../../common/schemas/auth';
import type { MessageChannel } from '../../../../common/schemas/channels';
import { fieldsOf, toFormFailure, type FormFailure } from '../../../components/form-error';
import { useCreateMyAppointment } from '../api/create-my-appointment';
import { useCreatePublicBooking } from '../api/create-public-booking';
import { slotTakenOf, type PickedSlot } from '../utils/slots';
import type { OnlineService } from '../utils/services';
import type { ChangeWindow } from './change-window-note';
import {
  BOOKING_DETAILS_FIELDS,
  BookingForm,
  useBookingDetailsForm,
  type BookingDetailsInput,
  type BookingDetailsOutput,
} from './booking-form';

interface BookingDetailsStepProps {
  patient: Profile | null;
  /** What was typed before the visitor went back to change the time. */
  typed: BookingDetailsInput | undefined;
  /** Keeps what is typed when the step closes. */
  onLeave: (typed: BookingDetailsInput) => void;
  slot: PickedSlot;
  /** The service chosen, when the specialty offers services online. */
  service: OnlineService | null;
  specialty: string;
  timeZone: string;
  forMinors: boolean;
  /** The channels a visitor may choose for her reminder (booking options). */
  reminderChannels: readonly MessageChannel[];
  changeWindow: ChangeWindow | null;
  /** Booked: the appointment, and for visitors the page of the e-mail link. */
  onBooked: (done: { appointment: OwnAppointment; manageUrl?: string }) => void;
  /** Someone took the time first: the message and fresh times of the same professional. */
  onSlotTaken: (taken: { message: string; slots: Slot[] }) => void;
  onChangeSlot: () => void;
}

/**
 * «Tus datos», loaded when the visitor reaches it: the form, react-hook-form, zod and the booking requests
 * are not in the booking page's first load. What was typed survives going back to change the time
 * (`typed` / `onLeave`).
 */
/** The service in the request only when there is one (a booking without one is as it always was). */
const serviceOf = (service: OnlineService | null) => (service ? { serviceId: service.id } : {});

export default function BookingDetailsStep({
  patient,
  typed,
  onLeave,
  slot,
  onBooked,
  onSlotTaken,
  ...props
}: BookingDetailsStepProps) {
  const form = useBookingDetailsForm(patient, typed, props.forMinors);
  const minorOf = (values: BookingDetailsOutput) => (props.forMinors ? values.minor : undefined);
  const createPublic = useCreatePublicBooking();
  const createMine = useCreateMyAppointment();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  useEffect(() => () => onLeave(form.getValues()), [form, onLeave]);

  const submit = async (values: BookingDetailsOutput) => {
    setFailure(null);
    try {
      if (patient) {
        onBooked({
          appointment: await createMine.mutateAsync({
            doctorId: slot.doctorId,
            startsAt: slot.startsAt,
            ...serviceOf(props.service),
            reason: values.reason,
            minor: minorOf(values),
          }),
        });
      } else {
        onBooked(
          await createPublic.mutateAsync({
            ...values,
            minor: minorOf(values),
            doctorId: slot.doctorId,
            startsAt: slot.startsAt,
            ...serviceOf(props.service),
          }),
        );
      }
    } catch (error) {
      const taken = slotTakenOf(error);
      if (taken) onSlotTaken(taken);
      else setFailure(toFormFailure(error, form.setError, fieldsOf(BOOKING_DETAILS_FIELDS)));
    }
  };

  return (
    <BookingForm
      form={form}
      patient={Boolean(patient)}
      failure={failure}
      slot={slot}
      submitting={createPublic.isPending || createMine.isPending}
      onSubmit={(values) => void submit(values)}
      {...props}
    />
  );
}
