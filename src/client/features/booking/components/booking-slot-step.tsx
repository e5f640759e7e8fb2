import { Paper, Text } from '@mantine/core';
import { formatLongDayAndTime } from '../../../lib/dates';
import { capitalize, type PickedSlot } from '../utils/slots';
import { SlotPicker } from './slot-picker';
import { SlotTakenAlert } from './slot-taken-alert';

interface BookingSlotStepProps {
  doctorId: string | null;
  specialtyId: string | null;
  /** The service chosen, when the specialty offers services online. */
  serviceId: string | null;
  timeZone: string;
  horizonDays: number;
  slot: PickedSlot | null;
  onChange: (slot: PickedSlot) => void;
  /** Shown when «Continuar» was pressed without a time. */
  slotError?: string;
  /** The time just lost to someone else, with fresh ones of the same professional. */
  slotTaken: { message: string; slots: PickedSlot[]; day: string } | null;
}

/**
 * «Día y hora», loaded on demand (the page starts fetching it as soon as the first step shows): the slot
 * picker is not in the booking page's first load.
 */
export default function BookingSlotStep({
  slot,
  onChange,
  slotError,
  slotTaken,
  horizonDays,
  ...props
}: BookingSlotStepProps) {
  return (
    <>
      {slotTaken && (
        <SlotTakenAlert
          message={slotTaken.message}
          slots={slotTaken.slots}
          timeZone={props.timeZone}
          value={slot}
          onChange={onChange}
        />
      )}
      <SlotPicker {...props} horizonDays={horizonDays} value={slot} onChange={onChange} initialDate={slotTaken?.day} />
      {slot ? (
        <Paper bg="teal.0" p="sm" radius="md" aria-live="polite">
          <Text size="sm">
            Has elegido:{' '}
            <Text span fw={700}>
              {capitalize(formatLongDayAndTime(slot.startsAt, props.timeZone))}
            </Text>{' '}
            con {slot.doctorName}
          </Text>
        </Paper>
      ) : (
        slotError && (
          <Text c="red.8" size="sm" role="alert">
            {slotError}
          </Text>
        )
      )}
    </>
  );
}
