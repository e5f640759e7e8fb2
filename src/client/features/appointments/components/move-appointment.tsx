import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconArrowRight, IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import type { DiaryAppointment } from '../../../../common/schemas/appointments';
import { errorMessageOf } from '../../../components/form-error';
import { formatLongDayAndTime } from '../../../lib/dates';
import { useUpdateAppointment } from '../api/update-appointment';
import { FreeTimes, type Choice } from './free-times';
import { showUndoableToast } from './undoable-toast';

/** «Cambiar fecha u hora»: the next free times (of the doctor or of any doctor of the specialty), before/after, then save. */
export function MoveAppointmentButton({ appointment, timeZone }: { appointment: DiaryAppointment; timeZone: string }) {
  const [opened, setOpened] = useState(false);
  const [anyDoctor, setAnyDoctor] = useState(false);
  const [choice, setChoice] = useState<Choice | null>(null);
  const update = useUpdateAppointment();
  const queryClient = useQueryClient();
  if (!['pendiente', 'confirmada'].includes(appointment.status)) return null;
  const close = () => {
    setOpened(false);
    setChoice(null);
    update.reset();
  };
  const save = () =>
    choice &&
    update.mutate(
      { id: appointment.id, changes: { startsAt: choice.startsAt, doctorId: choice.doctorId } },
      {
        onSuccess: (saved) => {
          close();
          showUndoableToast({
            queryClient,
            appointmentId: saved.id,
            title: 'Cita cambiada',
            message: `${saved.patientName}: ${formatLongDayAndTime(saved.startsAt, timeZone)}`,
          });
        },
        onError: () => setChoice(null),
      },
    );
  return (
    <>
      <Button
        size="xs"
        variant="light"
        color="gray"
        leftSection={<IconCalendarEvent size={14} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        Cambiar fecha u hora
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={`Cambiar la cita de ${appointment.patientName}`}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        <Stack gap="md">
          <SegmentedControl
            aria-label="Profesional"
            value={anyDoctor ? 'any' : 'same'}
            onChange={(value) => {
              setAnyDoctor(value === 'any');
              setChoice(null);
            }}
            data={[
              { value: 'same', label: appointment.doctorName },
              { value: 'any', label: `Cualquiera de ${appointment.specialty}` },
            ]}
          />
          {update.isError && (
            <Alert color="red" title="No se ha podido cambiar la cita">
              {errorMessageOf(update.error)}
            </Alert>
          )}
          <FreeTimes
            appointment={appointment}
            timeZone={timeZone}
            anyDoctor={anyDoctor}
            value={choice}
            onPick={setChoice}
          />
          {choice && (
            <section aria-label="Antes y después">
              <Title order={3} size="h5" mb={4}>
                Antes y después
              </Title>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" td="line-through" c="dimmed">
                  {formatLongDayAndTime(appointment.startsAt, timeZone)} · {appointment.doctorName}
                </Text>
                <IconArrowRight size={16} aria-label="pasa a" />
                <Text size="sm" fw={600}>
                  {formatLongDayAndTime(choice.startsAt, timeZone)} · {choice.doctorName}
                </Text>
              </Group>
            </section>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Volver
            </Button>
            <Button onClick={save} disabled={!choice} loading={update.isPending}>
              Guardar el cambio
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
