import { zodResolver } from '../../../lib/zod-form';
import {
  Box,
  Button,
  ColorInput,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  doctorCreateSchema,
  doctorFieldsSchema,
  weeklyScheduleSchema,
  type Doctor,
  type DoctorUpdateInput,
  type Specialty,
} from '../../../../common/schemas/doctors';
import { fieldsOf, FormFailureAlert, toFormFailure, type FormFailure } from '../../../components/form-error';
import { ImageUpload } from '../../../components/image-upload';
import { SwitchField } from '../../../components/switch-field';
import { ApiError } from '../../../lib/api-client';
import { useCreateDoctor } from '../api/create-doctor';
import { useUpdateDoctor } from '../api/update-doctor';
import { useUpdateDoctorSchedule } from '../api/update-doctor-schedule';
import { ScheduleEditor, sortSchedule } from './schedule-editor';

/** Colours that read well as calendar backgrounds with white text. */
export const DOCTOR_COLORS = [
  '#1c7ed6',
  '#0ca678',
  '#e8590c',
  '#ae3ec9',
  '#d6336c',
  '#f08c00',
  '#1098ad',
  '#5f3dc4',
  '#2b8a3e',
  '#c92a2a',
];

/** The form of a doctor being edited: the e-mail is shown, not changed. */
const doctorEditSchema = doctorFieldsSchema.extend({ email: z.string(), schedule: weeklyScheduleSchema });

type DoctorFormValues = z.input<typeof doctorCreateSchema>;
type DoctorFormOutput = z.output<typeof doctorCreateSchema>;

const FIELD_KEYS = Object.keys(doctorFieldsSchema.shape) as (keyof z.output<typeof doctorFieldsSchema>)[];
const FORM_FIELDS = [...FIELD_KEYS, 'email', 'schedule'];

function valuesOf(doctor: Doctor): DoctorFormValues {
  return {
    displayName: doctor.displayName,
    email: doctor.email,
    phone: doctor.phone,
    specialtyId: doctor.specialtyId,
    licenseNumber: doctor.licenseNumber,
    bio: doctor.bio,
    photoUrl: doctor.photoUrl,
    color: doctor.color,
    appointmentMinutes: doctor.appointmentMinutes,
    active: doctor.active,
    schedule: sortSchedule(doctor.schedule).map(({ weekday, start, end }) => ({ weekday, start, end })),
  };
}

function emptyValues(appointmentMinutes: number, specialties: Specialty[], takenColors: string[]): DoctorFormValues {
  return {
    displayName: '',
    email: '',
    phone: '',
    specialtyId: specialties.length === 1 ? specialties[0]!.id : '',
    licenseNumber: '',
    bio: '',
    photoUrl: '',
    color: DOCTOR_COLORS.find((color) => !takenColors.includes(color.toLowerCase())) ?? DOCTOR_COLORS[0]!,
    appointmentMinutes,
    active: true,
    schedule: [],
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Box>
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

interface DoctorFormProps {
  /** The doctor being edited; none to create one. */
  doctor?: Doctor;
  specialties: Specialty[];
  /** The clinic's default appointment length, for a new doctor. */
  defaultAppointmentMinutes: number;
  /** Colours other doctors already have: a new doctor gets a free one. */
  takenColors?: string[];
  onSaved: (doctor: Doctor) => void;
  onCancel: () => void;
}

/**
 * Creates a doctor (with the e-mail that receives the invitation) or edits one. On edit one «Guardar»
 * sends the changed fields (PATCH) and, when it changed, the weekly schedule (PUT).
 */
export function DoctorForm({
  doctor,
  specialties,
  defaultAppointmentMinutes,
  takenColors = [],
  onSaved,
  onCancel,
}: DoctorFormProps) {
  const creating = !doctor;
  const createDoctor = useCreateDoctor();
  const updateDoctor = useUpdateDoctor();
  const updateSchedule = useUpdateDoctorSchedule();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const form = useForm<DoctorFormValues, unknown, DoctorFormOutput>({
    resolver: zodResolver(creating ? doctorCreateSchema : doctorEditSchema),
    defaultValues: doctor ? valuesOf(doctor) : emptyValues(defaultAppointmentMinutes, specialties, takenColors),
  });
  const { register, control, formState } = form;
  const { errors } = formState;

  const fail = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'EMAIL_IN_USE') {
      form.setError('email', { type: 'server', message: error.message });
    }
    setFailure(toFormFailure(error, form.setError, fieldsOf(FORM_FIELDS)));
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const schedule = sortSchedule(values.schedule);
    if (creating) {
      try {
        const created = await createDoctor.mutateAsync({ ...values, schedule });
        notifications.show({
          color: 'teal',
          title: 'Doctor creado',
          message: `Hemos enviado a ${created.email} un correo para que elija su contraseña.`,
          closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
        });
        onSaved(created);
      } catch (error) {
        fail(error);
      }
      return;
    }

    const defaults = formState.defaultValues ?? {};
    const changedKeys = FIELD_KEYS.filter((key) => !same(values[key], defaults[key]));
    const scheduleChanged = !same(schedule, sortSchedule((defaults.schedule ?? []) as DoctorFormValues['schedule']));
    let saved: Doctor = doctor;
    try {
      if (changedKeys.length > 0) {
        const changes = Object.fromEntries(changedKeys.map((key) => [key, values[key]])) as DoctorUpdateInput;
        saved = await updateDoctor.mutateAsync({ id: doctor.id, changes });
        // Saved: if the schedule fails next, these fields are no longer pending.
        for (const key of changedKeys) form.resetField(key, { defaultValue: values[key] });
      }
      if (scheduleChanged) saved = await updateSchedule.mutateAsync({ id: doctor.id, schedule });
    } catch (error) {
      fail(error);
      return;
    }
    notifications.show({
      color: 'teal',
      message: changedKeys.length || scheduleChanged ? 'Cambios guardados' : 'No había cambios que guardar',
      closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
    });
    form.reset(valuesOf(saved));
    onSaved(saved);
  });

  const specialtyOptions = [...specialties]
    .sort((a, b) => a.name.localeCompare(b.name, 'es'))
    .map((specialty) => ({ value: specialty.id, label: specialty.name }));

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label={creating ? 'Nuevo doctor' : `Datos de ${doctor.displayName}`}>
        <Stack gap="xl">
          <FormFailureAlert failure={failure} title={creating ? 'No se ha podido crear el doctor' : undefined} />

          <Section title="Datos personales">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Nombre y apellidos"
                placeholder="Dra. Lucía Martín Gómez"
                required
                error={errors.displayName?.message}
                {...register('displayName')}
              />
              {creating ? (
                <TextInput
                  label="Correo electrónico"
                  type="email"
                  required
                  description="Recibirá una invitación para elegir su contraseña."
                  error={errors.email?.message}
                  {...register('email')}
                />
              ) : (
                <TextInput
                  label="Correo electrónico"
                  value={doctor.email}
                  readOnly
                  disabled
                  description="Es su usuario para entrar."
                />
              )}
              <TextInput label="Teléfono" type="tel" error={errors.phone?.message} {...register('phone')} />
              <Controller
                control={control}
                name="photoUrl"
                render={({ field, fieldState }) => (
                  <ImageUpload
                    label="Foto"
                    alt="Foto del doctor"
                    shape="round"
                    value={field.value}
                    onChange={(url) => field.onChange(url)}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </SimpleGrid>
          </Section>

          <Section title="Consulta">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Controller
                control={control}
                name="specialtyId"
                render={({ field, fieldState }) => (
                  <Select
                    size="md"
                    label="Especialidad"
                    placeholder="Elige una especialidad"
                    required
                    data={specialtyOptions}
                    searchable
                    nothingFoundMessage="Ninguna especialidad coincide"
                    description={
                      specialtyOptions.length === 0
                        ? 'Crea antes una especialidad con el botón «Especialidades».'
                        : undefined
                    }
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <TextInput
                label="Nº de colegiado"
                required
                error={errors.licenseNumber?.message}
                {...register('licenseNumber')}
              />
              <Controller
                control={control}
                name="appointmentMinutes"
                render={({ field, fieldState }) => (
                  <NumberInput
                    size="md"
                    label="Duración de la cita"
                    suffix=" min"
                    required
                    min={5}
                    max={480}
                    step={5}
                    allowDecimal={false}
                    allowNegative={false}
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={typeof field.value === 'number' && !Number.isNaN(field.value) ? field.value : ''}
                    onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="color"
                render={({ field, fieldState }) => (
                  <ColorInput
                    size="md"
                    label="Color en el calendario"
                    required
                    format="hex"
                    withEyeDropper={false}
                    swatches={DOCTOR_COLORS}
                    swatchesPerRow={10}
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={field.value}
                    onChange={(value) => field.onChange(value)}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </SimpleGrid>
            <SwitchField
              control={control}
              name="active"
              mt="md"
              label="Activo"
              description="Un doctor inactivo no aparece en la web ni recibe citas nuevas; conserva su historial."
            />
          </Section>

          <Section title="Presentación">
            <Textarea
              size="md"
              label="Presentación para los pacientes"
              description="Se muestra en la web pública."
              autosize
              minRows={3}
              maxRows={10}
              error={errors.bio?.message}
              {...register('bio')}
            />
          </Section>

          <Section title="Horario semanal">
            <ScheduleEditor />
          </Section>

          <Group
            justify="flex-end"
            gap="sm"
            py="sm"
            pos="sticky"
            bottom={0}
            bg="var(--mantine-color-body)"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 2 }}
          >
            <Text size="sm" c="dimmed" mr="auto" aria-live="polite" visibleFrom="xs">
              {formState.isDirty ? 'Hay cambios sin guardar' : ''}
            </Text>
            <Button variant="default" onClick={onCancel}>
              Cancelar
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              {creating ? 'Crear doctor' : 'Guardar'}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
