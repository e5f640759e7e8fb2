import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { OwnAppointment } from '../../../../common/schemas/appointments';
import { errorMessageOf } from '../../../components/form-error';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { dayKey, formatLongDayAndTime } from '../../../lib/dates';
import { useBookingOptions } from '../api/get-booking-options';
import { capitalize, slotTakenOf, type PickedSlot } from '../utils/slots';
import type { SlotSource } from '../../../api/availability';
import { SlotPicker } from './slot-picker';
import { SlotTakenAlert } from './slot-taken-alert';

interface RescheduleFormProps {
  appointment: OwnAppointment;
  /** Sends the new time; rejects with the server's error. */
  onConfirm: (slot: PickedSlot, appointment: OwnAppointment) => Promise<unknown>;
  /** After the change was saved. */
  onDone: () => void;
  onDiscard: () => void;
  /** The free times of this appointment's own length (its service's), from the route that may read them. */
  source: SlotSource;
}

/** A new time with the same professional: the slot picker, then «Confirmar el cambio». */
export function RescheduleForm({ appointment, onConfirm, onDone, onDiscard, source }: RescheduleFormProps) {
  const options = useBookingOptions();
  const [slot, setSlot] = useState<PickedSlot | null>(null);
  const [taken, setTaken] = useState<{ message: string; slots: PickedSlot[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { timeZone } = appointment;

  const confirm = async () => {
    if (!slot) return;
    setSaving(true);
    setFailure(null);
    try {
      await onConfirm(slot, appointment);
      notifications.show({
        color: 'teal',
        title: 'Cita cambiada',
        message: `Te esperamos el ${formatLongDayAndTime(slot.startsAt, timeZone)}.`,
        closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
      });
      onDone();
    } catch (error) {
      const slotTaken = slotTakenOf(error);
      if (slotTaken) {
        setTaken({
          message: slotTaken.message,
          slots: slotTaken.slots.map((fresh) => ({ ...fresh, doctorId: slot.doctorId, doctorName: slot.doctorName })),
        });
        setSlot(null);
      } else {
        setFailure(errorMessageOf(error));
      }
    } finally {
      setSaving(false);
    }
  };

  if (options.isPending) return <LoadingBlock label="Cargando las horas libres" />;
  if (options.isError) {
    return (
      <LoadErrorAlert
        title="No se han podido cargar las horas libres"
        error={options.error}
        onRetry={() => void options.refetch()}
      />
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        Ahora tienes cita el{' '}
        <Text span fw={700}>
          {formatLongDayAndTime(appointment.startsAt, timeZone)}
        </Text>{' '}
        con {appointment.doctorName}. Elige la nueva hora:
      </Text>
      {taken && (
        <SlotTakenAlert
          message={taken.message}
          slots={taken.slots}
          timeZone={timeZone}
          value={slot}
          onChange={setSlot}
        />
      )}
      {failure && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} aria-hidden />}
          role="alert"
          title="No se ha podido cambiar la cita"
        >
          {failure}
        </Alert>
      )}
      <SlotPicker
        doctorId={appointment.doctorId}
        timeZone={timeZone}
        horizonDays={options.data.bookingHorizonDays}
        value={slot}
        onChange={setSlot}
        initialDate={dayKey(appointment.startsAt, timeZone)}
        source={source}
      />
      {slot && (
        <Paper bg="teal.0" p="sm" radius="md" aria-live="polite">
          <Text size="sm">
            Nueva hora:{' '}
            <Text span fw={700}>
              {capitalize(formatLongDayAndTime(slot.startsAt, timeZone))}
            </Text>
          </Text>
        </Paper>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDiscard}>
          Descartar
        </Button>
        <Button onClick={() => void confirm()} disabled={!slot} loading={saving}>
          Confirmar el cambio
        </Button>
      </Group>
    </Stack>
  );
}
