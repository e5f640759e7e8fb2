import { useEffect, useState } from 'react';
import type { Profile } from '../../../../common/schemas/auth';
import { fieldsOf, toFormFailure, type FormFailure } from '../../../components/form-error';
import type { PickedSlot } from '../utils/slots';
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
  specialty: string;
  timeZone: string;
  submitting: boolean;
  /** Books; answers the error the form should show (none when booked or handled by the page). */
  onSubmit: (values: BookingDetailsOutput) => Promise<unknown>;
  onChangeSlot: () => void;
}

/**
 * «Tus datos», loaded when the visitor reaches it: the form, react-hook-form and zod are not in the booking
 * page's first load. What was typed survives going back to change the time (`typed` / `onLeave`).
 */
export default function BookingDetailsStep({ patient, typed, onLeave, onSubmit, ...props }: BookingDetailsStepProps) {
  const form = useBookingDetailsForm(patient, typed);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  useEffect(() => () => onLeave(form.getValues()), [form, onLeave]);

  const submit = async (values: BookingDetailsOutput) => {
    setFailure(null);
    const error = await onSubmit(values);
    if (error) setFailure(toFormFailure(error, form.setError, fieldsOf(BOOKING_DETAILS_FIELDS)));
  };

  return <BookingForm form={form} patient={Boolean(patient)} failure={failure} onSubmit={(values) => void submit(values)} {...props} />;
}
