import {
  ColorSwatch,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { DatePickerInput, TimePicker } from '@mantine/dates';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { APPOINTMENT_CHANNEL_LABELS, APPOINTMENT_CHANNELS } from '../../../../common/schemas/appointments';
import type { Doctor } from '../../../../common/schemas/doctors';
import { TIME_PATTERN } from '../../../../common/time';
import { CALENDAR_ARIA_LABELS } from '../../../components/date-field';
import { FormSection } from '../../../components/form-section';
import { NoEmailNotice } from './no-email-notice';
import { PatientPicker } from './patient-picker';
// Mantine's date pickers speak Spanish through dayjs' locale, loaded with them.
import '../../../lib/mantine-dates-locale';

// The fields of «Nueva cita» (new-appointment-form.tsx), each group bound to the form through `control`.

export const formSchema = z.object({
  patientId: z.string().min(1, 'Elige un paciente o crea uno nuevo'),
  doctorId: z.string().min(1, 'Elige un profesional'),
  /** The service booked, or '' for none. */
  serviceId: z.string(),
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
export type FormValues = z.input<typeof formSchema>;
export type FormOutput = z.output<typeof formSchema>;

type FormControl = Control<FormValues, unknown, FormOutput>;

/** «¿Para quién es la cita?»: the patient (found or created), and a notice when she has no e-mail. */
export function PatientSection({ control, patientId }: { control: FormControl; patientId: string | null }) {
  return (
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
      <NoEmailNotice patientId={patientId}>
        {(name) =>
          `${name} no tiene correo electrónico: no recibirá la confirmación ni los avisos de la cita. Al reservar, se creará una tarea para llamarle.`
        }
      </NoEmailNotice>
    </FormSection>
  );
}

/** The professional (picking one proposes their usual duration) and the day. */
export function DoctorAndDayFields({
  control,
  doctors,
  today,
  onDoctorPicked,
}: {
  control: FormControl;
  doctors: Doctor[];
  today: string;
  onDoctorPicked: (doctor: Doctor) => void;
}) {
  return (
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
              if (doctor) onDoctorPicked(doctor);
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
  );
}

/** The time (typed or picked) and the duration, which the desk may change by hand. */
export function TimeAndDurationFields({
  control,
  onMinutesTyped,
}: {
  control: FormControl;
  onMinutesTyped: () => void;
}) {
  return (
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
              onMinutesTyped();
              field.onChange(typeof value === 'number' ? value : Number.NaN);
            }}
            error={fieldState.error?.message}
          />
        )}
      />
    </SimpleGrid>
  );
}

/** «Detalles»: the reason for the visit and how the patient asked for it. */
export function DetailsSection({
  control,
  register,
  errors,
}: {
  control: FormControl;
  register: UseFormRegister<FormValues>;
  errors: FieldErrors<FormValues>;
}) {
  return (
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
  );
}
