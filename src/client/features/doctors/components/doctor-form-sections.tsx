import { Box, ColorInput, NumberInput, Select, SimpleGrid, Textarea, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import { DOCTOR_COLORS } from '../../../../common/doctor-colors';
import type { doctorCreateSchema, Specialty } from '../../../../common/schemas/doctors';
import { ImageUpload } from '../../../components/image-upload';
import { SwitchField } from '../../../components/switch-field';

// The sections of the doctor's form (doctor-form.tsx), which reach the form through its FormProvider.

export type DoctorFormValues = z.input<typeof doctorCreateSchema>;

/** A titled part of the form, named for screen readers. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Box>
  );
}

/** Name, e-mail (typed for a new doctor, who is invited at it; shown for one being edited), phone and photo. */
export function PersonalDataSection({ doctorEmail }: { doctorEmail: string | null }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<DoctorFormValues>();
  return (
    <Section title="Datos personales">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Nombre y apellidos"
          placeholder="Dra. Lucía Martín Gómez"
          required
          error={errors.displayName?.message}
          {...register('displayName')}
        />
        {doctorEmail === null ? (
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
            value={doctorEmail}
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
  );
}

/** Specialty, licence number, appointment length, calendar colour and whether the doctor takes appointments. */
export function PracticeSection({ specialties }: { specialties: Specialty[] }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<DoctorFormValues>();
  const specialtyOptions = [...specialties]
    .sort((a, b) => a.name.localeCompare(b.name, 'es'))
    .map((specialty) => ({ value: specialty.id, label: specialty.name }));

  return (
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
                specialtyOptions.length === 0 ? 'Crea antes una especialidad con el botón «Especialidades».' : undefined
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
              swatches={[...DOCTOR_COLORS]}
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
  );
}

/** The text the public site shows about the doctor. */
export function PresentationSection() {
  const {
    register,
    formState: { errors },
  } = useFormContext<DoctorFormValues>();
  return (
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
  );
}
