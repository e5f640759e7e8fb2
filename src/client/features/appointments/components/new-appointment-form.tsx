import { zodResolver } from '../../../lib/zod-form';
import {
  Alert,
  Button,
  Chip,
  ColorSwatch,
  Group,
  Loader,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { DatePickerInput, TimePicker } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCalendar, IconClock } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../../common/paths';
import {
  APPOINTMENT_CHANNEL_LABELS,
  APPOINTMENT_CHANNELS,
  OUTSIDE_HOURS_CODE,
  type StaffBookingInput,
} from '../../../../common/schemas/appointments';
import type { Doctor } from '../../../../common/schemas/doctors';
import { TIME_PATTERN } from '../../../../common/time';
import { FormFailureAlert, type FormFailure } from '../../../components/form-error';
import { CALENDAR_ARIA_LABELS } from '../../../components/date-field';
import { ApiError, toQueryString } from '../../../lib/api-client';
import { dayKey, formatLongDateTime, formatTime, todayIn } from '../../../lib/clinic-time';
import { useCreateAppointment } from '../api/create-appointment';
import { useAvailability } from '../api/get-availability';
import { addMinutes, zonedInstant } from '../utils/zoned-time';
import { OutsideHoursModal } from './outside-hours-modal';
import { PatientPicker } from './patient-picker';
import { FormSection } from '../../../components/form-section';
// Mantine's date pickers speak Spanish through dayjs' locale, loaded with them.
import '../../../lib/dates';

const formSchema = z.object({
  patientId: z.string().min(1, 'Elige un paciente o crea uno nuevo'),
  doctorId: z.string().min(1, 'Elige un profesional'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Elige el día de la cita'),
  time: z.string().regex(TIME_PATTERN, 'Elige una hora libre o escribe la hora (HH:MM)'),
  minutes: z
    .number({ error: 'Escribe la duración en minutos' })
    .int('Escribe un número entero de minutos')
    .min(5, 'La cita debe durar al menos 5 minutos')
    .max(480, 'La cita no puede durar más de 8 horas'),
  reason: z.string().trim().max(500, 'El motivo no puede superar los 500 caracteres'),
  channel: z.enum(APPOINTMENT_CHANNELS, { error: 'Elige el canal' }),
});
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** The server's field names, as this form calls them. */
const SERVER_FIELDS: Record<string, FieldPath<FormValues>> = {
  patientId: 'patientId',
  doctorId: 'doctorId',
  startsAt: 'time',
  endsAt: 'minutes',
  reason: 'reason',
  channel: 'channel',
};

export interface NewAppointmentPrefill {
  doctorId?: string;
  /** An ISO instant. */
  startsAt?: string;
  patientId?: string;
}

function FreeSlots({
  doctorId,
  date,
  timeZone,
  value,
  onPick,
}: {
  doctorId: string;
  date: string;
  timeZone: string;
  value: string;
  onPick: (time: string) => void;
}) {
  const availability = useAvailability({ doctorId, from: date, to: date });
  if (availability.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Buscando horas libres…
        </Text>
      </Group>
    );
  }
  if (availability.isError) {
    return (
      <Text size="sm" c="dimmed">
        No se han podido cargar las horas libres. Escribe la hora a mano.
      </Text>
    );
  }
  const slots = availability.data.doctors.find((doctor) => doctor.id === doctorId)?.slots ?? [];
  if (slots.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No quedan horas libres ese día en el horario del profesional. Elige otro día o escribe la hora a mano.
      </Text>
    );
  }
  const times = slots.map((slot) => formatTime(slot.startsAt, timeZone));
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="free-slots-label">
        Horas libres
      </Text>
      <Chip.Group multiple={false} value={times.includes(value) ? value : null} onChange={onPick}>
        <Group gap={6} role="group" aria-labelledby="free-slots-label">
          {times.map((time) => (
            <Chip key={time} value={time} size="sm" variant="outline">
              {time}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}

interface NewAppointmentFormProps {
  timeZone: string;
  doctors: Doctor[];
  prefill: NewAppointmentPrefill;
}

/** Staff book an appointment for any patient, in the clinic's time zone. */
export function NewAppointmentForm({ timeZone, doctors, prefill }: NewAppointmentFormProps) {
  const navigate = useNavigate();
  const create = useCreateAppointment();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [outsideHours, setOutsideHours] = useState<{ message: string; input: StaffBookingInput } | null>(null);
  const [minutesTouched, setMinutesTouched] = useState(false);
  const today = todayIn(timeZone);

  const prefillDoctor = doctors.find((doctor) => doctor.id === prefill.doctorId);
  const prefillStart = prefill.startsAt && !Number.isNaN(Date.parse(prefill.startsAt)) ? prefill.startsAt : undefined;
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      patientId: prefill.patientId ?? '',
      doctorId: prefillDoctor?.id ?? '',
      date: prefillStart ? dayKey(prefillStart, timeZone) : today,
      time: prefillStart ? formatTime(prefillStart, timeZone) : '',
      minutes: prefillDoctor?.appointmentMinutes ?? 30,
      reason: '',
      channel: 'telefono',
    },
  });
  const { control, register, formState, watch, setValue } = form;
  const { errors } = formState;
  const [doctorId, date, time] = watch(['doctorId', 'date', 'time']);
  const startsAt = date && TIME_PATTERN.test(time) ? zonedInstant(date, time, timeZone) : null;
  const inThePast = startsAt !== null && Date.parse(startsAt) < Date.now();

  const book = async (input: StaffBookingInput) => {
    setFailure(null);
    try {
      const saved = await create.mutateAsync(input);
      setOutsideHours(null);
      notifications.show({
        color: 'teal',
        title: 'Cita reservada',
        message: `${saved.patientName} con ${saved.doctorName}, ${formatLongDateTime(saved.startsAt, timeZone)}`,
        closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
      });
      navigate(`${paths.admin.calendar}${toQueryString({ date: dayKey(saved.startsAt, timeZone) })}`);
    } catch (error) {
      if (!input.allowOutsideHours && error instanceof ApiError && error.code === OUTSIDE_HOURS_CODE) {
        setOutsideHours({ message: error.message, input });
        return;
      }
      setOutsideHours(null);
      if (!(error instanceof ApiError)) {
        setFailure({ message: 'Ha ocurrido un error inesperado. Inténtalo de nuevo en unos minutos.', details: [] });
        return;
      }
      const details: string[] = [];
      for (const [field, message] of Object.entries(error.fields ?? {})) {
        const name = SERVER_FIELDS[field];
        if (name) form.setError(name, { type: 'server', message });
        else details.push(message);
      }
      if (error.code === 'SLOT_TAKEN') form.setError('time', { type: 'server', message: error.message });
      setFailure({ message: error.message, details });
    }
  };

  const onSubmit = form.handleSubmit((values) => {
    const start = zonedInstant(values.date, values.time, timeZone);
    return book({
      patientId: values.patientId,
      doctorId: values.doctorId,
      startsAt: start,
      endsAt: addMinutes(start, values.minutes),
      reason: values.reason,
      channel: values.channel,
      allowOutsideHours: false,
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Nueva cita">
      <Stack gap="lg" maw={880}>
        <FormFailureAlert failure={failure} title="No se ha podido reservar la cita" />

        <FormSection title="¿Para quién es la cita?">
          <Controller
            control={control}
            name="patientId"
            render={({ field, fieldState }) => (
              <PatientPicker
                label="Paciente"
                required
                allowCreate
                value={field.value || null}
                onChange={(id) => field.onChange(id ?? '')}
                error={fieldState.error?.message}
              />
            )}
          />
        </FormSection>

        <FormSection title="¿Con quién y cuándo?">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Controller
                control={control}
                name="doctorId"
                render={({ field, fieldState }) => (
                  <Select
                    size="md"
                    label="Profesional"
                    required
                    placeholder="Elige un profesional"
                    searchable
                    nothingFoundMessage="Ningún profesional coincide"
                    data={doctors.map((doctor) => ({
                      value: doctor.id,
                      label: `${doctor.displayName} · ${doctor.specialty}`,
                    }))}
                    renderOption={({ option }) => {
                      const doctor = doctors.find((item) => item.id === option.value);
                      return (
                        <Group gap="xs" wrap="nowrap">
                          <ColorSwatch color={doctor?.color ?? '#868e96'} size={12} aria-hidden />
                          <span>{option.label}</span>
                        </Group>
                      );
                    }}
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={field.value || null}
                    onChange={(id) => {
                      field.onChange(id ?? '');
                      const doctor = doctors.find((item) => item.id === id);
                      if (doctor && !minutesTouched) setValue('minutes', doctor.appointmentMinutes);
                    }}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="date"
                render={({ field, fieldState }) => (
                  <DatePickerInput
                    size="md"
                    label="Día"
                    required
                    valueFormat="dddd, D [de] MMMM [de] YYYY"
                    leftSection={<IconCalendar size={18} aria-hidden />}
                    minDate={today}
                    firstDayOfWeek={1}
                    ariaLabels={CALENDAR_ARIA_LABELS}
                    popoverProps={{ withinPortal: true }}
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ? value.slice(0, 10) : '')}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </SimpleGrid>

            {doctorId && date ? (
              <FreeSlots
                doctorId={doctorId}
                date={date}
                timeZone={timeZone}
                value={time}
                onPick={(picked) => setValue('time', picked, { shouldValidate: true, shouldDirty: true })}
              />
            ) : (
              <Text size="sm" c="dimmed">
                Elige el profesional y el día para ver sus horas libres.
              </Text>
            )}

            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" maw={480}>
              <Controller
                control={control}
                name="time"
                render={({ field, fieldState }) => (
                  <TimePicker
                    size="md"
                    label="Hora"
                    description="O escríbela a mano"
                    required
                    format="24h"
                    withDropdown
                    minutesStep={5}
                    hoursInputLabel="Horas"
                    minutesInputLabel="Minutos"
                    hoursPlaceholder="--"
                    minutesPlaceholder="--"
                    leftSection={<IconClock size={18} aria-hidden />}
                    popoverProps={{ withinPortal: true }}
                    name={field.name}
                    value={field.value}
                    onChange={(value) => field.onChange(value)}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="minutes"
                render={({ field, fieldState }) => (
                  <NumberInput
                    size="md"
                    label="Duración"
                    description="En minutos"
                    required
                    min={5}
                    max={480}
                    step={5}
                    allowDecimal={false}
                    allowNegative={false}
                    suffix=" min"
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={field.value}
                    onChange={(value) => {
                      setMinutesTouched(true);
                      field.onChange(typeof value === 'number' ? value : Number.NaN);
                    }}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </SimpleGrid>
            {inThePast && (
              <Alert color="yellow" icon={<IconAlertTriangle size={18} />} p="xs">
                Esa hora ya ha pasado.
              </Alert>
            )}
          </Stack>
        </FormSection>

        <FormSection title="Detalles">
          <Stack gap="md">
            <Textarea
              size="md"
              label="Motivo de la consulta"
              autosize
              minRows={2}
              maxRows={6}
              maxLength={500}
              error={errors.reason?.message}
              {...register('reason')}
            />
            <Controller
              control={control}
              name="channel"
              render={({ field }) => (
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="channel-label">
                    Cómo pidió la cita
                  </Text>
                  <SegmentedControl
                    aria-labelledby="channel-label"
                    data={(['telefono', 'presencial', 'web'] as const).map((value) => ({
                      value,
                      label: APPOINTMENT_CHANNEL_LABELS[value],
                    }))}
                    value={field.value}
                    onChange={(value) => field.onChange(value)}
                    style={{ alignSelf: 'flex-start' }}
                  />
                </Stack>
              )}
            />
          </Stack>
        </FormSection>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={paths.admin.calendar}>
            Cancelar
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            Reservar cita
          </Button>
        </Group>
      </Stack>

      <OutsideHoursModal
        message={outsideHours?.message ?? null}
        loading={create.isPending}
        onCancel={() => setOutsideHours(null)}
        onConfirm={() => outsideHours && void book({ ...outsideHours.input, allowOutsideHours: true })}
      />
    </form>
  );
}
