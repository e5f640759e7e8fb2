import { zodResolver } from '../../../lib/zod-form';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  doctorCreateSchema,
  doctorFieldsSchema,
  weeklyScheduleSchema,
  type Doctor,
  type DoctorUpdateInput,
  type Specialty,
} from '../../../../common/schemas/doctors';
import { firstFreeColor } from '../../../../common/doctor-colors';
import { fieldsOf, FormFailureAlert, toFormFailure, type FormFailure } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { useCreateDoctor } from '../api/create-doctor';
import { useUpdateDoctor } from '../api/update-doctor';
import { useUpdateDoctorSchedule } from '../api/update-doctor-schedule';
import { ScheduleEditor, sortSchedule } from './schedule-editor';
import {
  PersonalDataSection,
  PracticeSection,
  PresentationSection,
  Section,
  type DoctorFormValues,
} from './doctor-form-sections';

/** The form of a doctor being edited: the e-mail is shown, not changed. */
const doctorEditSchema = doctorFieldsSchema.extend({ email: z.string(), schedule: weeklyScheduleSchema });

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
    color: firstFreeColor(takenColors),
    appointmentMinutes,
    active: true,
    schedule: [],
  };
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
  const { formState } = form;

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

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label={creating ? 'Nuevo doctor' : `Datos de ${doctor.displayName}`}>
        <Stack gap="xl">
          <FormFailureAlert failure={failure} title={creating ? 'No se ha podido crear el doctor' : undefined} />

          <PersonalDataSection doctorEmail={doctor?.email ?? null} />

          <PracticeSection specialties={specialties} />

          <PresentationSection />

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
