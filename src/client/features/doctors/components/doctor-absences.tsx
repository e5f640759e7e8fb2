import { zodResolver } from '../../../lib/zod-form';
import { ActionIcon, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { absenceInputSchema, type Absence, type Doctor } from '../../../../common/schemas/doctors';
import { DateField } from '../../../components/date-field';
import {
  errorMessageOf,
  fieldsOf,
  FormFailureAlert,
  toFormFailure,
  type FormFailure,
} from '../../../components/form-error';
import { useCreateDoctorAbsence } from '../api/create-doctor-absence';
import { useDeleteDoctorAbsence } from '../api/delete-doctor-absence';
import { formatCalendarRange, todayIn } from '../../../lib/dates';

/** Empty dates get a message about the picker, not about the «AAAA-MM-DD» the API speaks. */
const absenceFormSchema = z
  .object({
    startDate: z.string().min(1, 'Elige el primer día de la ausencia'),
    endDate: z.string().min(1, 'Elige el último día de la ausencia'),
    reason: z.string(),
  })
  .pipe(absenceInputSchema);

type AbsenceFormValues = z.input<typeof absenceFormSchema>;

function AbsenceRow({ doctor, absence, today }: { doctor: Doctor; absence: Absence; today: string }) {
  const remove = useDeleteDoctorAbsence();
  const range = formatCalendarRange(absence.startDate, absence.endDate);
  const past = absence.endDate < today;
  const current = !past && absence.startDate <= today;
  return (
    <Paper withBorder p="sm" component="li" style={{ listStyle: 'none' }} opacity={past ? 0.7 : 1}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text fw={500} size="sm">
              {range}
            </Text>
            {current && (
              <Badge color="orange" variant="light" size="sm">
                En curso
              </Badge>
            )}
            {past && (
              <Badge color="gray" variant="light" size="sm">
                Pasada
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {absence.reason}
          </Text>
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Borrar la ausencia ${range}`}
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(
              { doctorId: doctor.id, absenceId: absence.id },
              {
                onSuccess: () =>
                  notifications.show({
                    color: 'teal',
                    message: 'Ausencia borrada',
                    closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
                  }),
                onError: (error) =>
                  notifications.show({
                    color: 'red',
                    title: 'No se ha podido borrar la ausencia',
                    message: errorMessageOf(error),
                    closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
                  }),
              },
            )
          }
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/** Holidays, sick leave…: days without appointments for this doctor. */
export function DoctorAbsences({ doctor, timeZone }: { doctor: Doctor; timeZone: string }) {
  const create = useCreateDoctorAbsence();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const form = useForm<AbsenceFormValues, unknown, z.output<typeof absenceFormSchema>>({
    resolver: zodResolver(absenceFormSchema),
    defaultValues: { startDate: '', endDate: '', reason: '' },
  });
  const today = todayIn(timeZone);
  const absences = [...doctor.absences].sort((a, b) => a.startDate.localeCompare(b.startDate));
  const startDate = form.watch('startDate');

  const onSubmit = form.handleSubmit(async (absence) => {
    setFailure(null);
    try {
      await create.mutateAsync({ doctorId: doctor.id, absence });
      form.reset();
      notifications.show({
        color: 'teal',
        message: 'Ausencia añadida',
        closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
      });
    } catch (error) {
      setFailure(toFormFailure(error, form.setError, fieldsOf(['startDate', 'endDate', 'reason'])));
    }
  });

  return (
    <Stack gap="md">
      {absences.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tiene ausencias registradas.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} aria-label={`Ausencias de ${doctor.displayName}`}>
          {absences.map((absence) => (
            <AbsenceRow key={absence.id} doctor={doctor} absence={absence} today={today} />
          ))}
        </Stack>
      )}

      <Paper withBorder p="md" bg="gray.0">
        <form onSubmit={onSubmit} noValidate aria-label="Nueva ausencia">
          <Stack gap="sm">
            <Text fw={600} size="sm">
              Nueva ausencia
            </Text>
            <FormFailureAlert failure={failure} title="No se ha podido añadir la ausencia" />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Controller
                control={form.control}
                name="startDate"
                render={({ field, fieldState }) => (
                  <DateField
                    size="md"
                    label="Desde"
                    required
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={field.value || null}
                    onChange={(value) => {
                      field.onChange(value ?? '');
                      const end = form.getValues('endDate');
                      if (value && (!end || end < value)) form.setValue('endDate', value);
                    }}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="endDate"
                render={({ field, fieldState }) => (
                  <DateField
                    size="md"
                    label="Hasta (incluido)"
                    required
                    minDate={startDate || undefined}
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </SimpleGrid>
            <TextInput
              label="Motivo"
              placeholder="Vacaciones, baja médica, congreso…"
              required
              error={form.formState.errors.reason?.message}
              {...form.register('reason')}
            />
            <Button
              type="submit"
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              loading={form.formState.isSubmitting}
              w="fit-content"
            >
              Añadir ausencia
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
