import { SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { CONSENT_CHANNEL_LABELS, SEX_LABELS, SEXES, type Patient } from '../../../../common/schemas/patients';
import { DateField } from '../../../components/date-field';
import { FormSection } from '../../../components/form-section';
import {
  PatientChoiceField,
  PatientContactFields,
  PatientDocumentFields,
  PatientNameFields,
  PrivacyConsentFields,
  selectOptions,
  type PatientFormOutput,
  type PatientFormValues,
} from '../../../components/patient-form-fields';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { todayIn } from '../../../lib/dates';
import { formatInstant } from '../utils/format';

// The sections of the patient's form (patient-form.tsx), each bound to it through `control` or `register`.

interface SectionProps {
  control: Control<PatientFormValues, unknown, PatientFormOutput>;
  register: UseFormRegister<PatientFormValues>;
  errors: FieldErrors<PatientFormValues>;
}

/** Name, identity document, birth date (not after the clinic's today) and sex. */
export function PersonalDataSection({ control, register, errors }: SectionProps) {
  const timeZone = useClinicZone();
  return (
    <FormSection title="Datos personales">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PatientNameFields register={register} errors={errors} />
        <PatientDocumentFields control={control} register={register} errors={errors} numberPlaceholder="12345678Z" />
        <Controller
          control={control}
          name="birthDate"
          render={({ field, fieldState }) => (
            <DateField
              size="md"
              label="Fecha de nacimiento"
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value)}
              defaultLevel={field.value ? 'month' : 'decade'}
              minDate="1900-01-01"
              maxDate={todayIn(timeZone)}
              clearable
              error={fieldState.error?.message}
            />
          )}
        />
        <PatientChoiceField
          control={control}
          name="sex"
          label="Sexo"
          placeholder="Elige una opción"
          data={selectOptions(SEXES, SEX_LABELS)}
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar el sexo' }}
        />
      </SimpleGrid>
    </FormSection>
  );
}

/** E-mail, phones and address. */
export function ContactSection({ register, errors }: Pick<SectionProps, 'register' | 'errors'>) {
  return (
    <FormSection title="Contacto">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PatientContactFields
          register={register}
          errors={errors}
          emailDescription="Si se registra con este correo, su cuenta quedará enlazada a esta ficha."
        />
      </SimpleGrid>
      <TextInput
        label="Dirección"
        mt="md"
        autoComplete="off"
        error={errors.address?.message}
        {...register('address')}
      />
    </FormSection>
  );
}

/** Allergies, medical history and notes. */
export function ClinicalInformationSection({ register, errors }: Pick<SectionProps, 'register' | 'errors'>) {
  return (
    <FormSection title="Información clínica">
      <Stack gap="md">
        <Textarea
          size="md"
          label="Alergias"
          description="Medicamentos, alimentos, látex… Se destacan en rojo en la ficha."
          autosize
          minRows={2}
          maxRows={8}
          error={errors.allergies?.message}
          {...register('allergies')}
        />
        <Textarea
          size="md"
          label="Antecedentes"
          autosize
          minRows={3}
          maxRows={14}
          error={errors.medicalHistory?.message}
          {...register('medicalHistory')}
        />
        <Textarea
          size="md"
          label="Notas"
          autosize
          minRows={2}
          maxRows={10}
          error={errors.notes?.message}
          {...register('notes')}
        />
      </Stack>
    </FormSection>
  );
}

/** The privacy consent, and when and how it was given. */
export function DataProtectionSection({
  control,
  consent,
  patient,
}: {
  control: SectionProps['control'];
  consent: boolean;
  patient: Patient | undefined;
}) {
  const timeZone = useClinicZone();
  return (
    <FormSection title="Protección de datos">
      <Stack gap="md">
        <PrivacyConsentFields control={control} consent={consent} channelMaw={360} />
        {patient?.privacyConsentAt && (
          <Text size="sm" c="dimmed">
            Consentimiento dado el {formatInstant(patient.privacyConsentAt, timeZone)}
            {patient.privacyConsentChannel
              ? ` (${CONSENT_CHANNEL_LABELS[patient.privacyConsentChannel].toLowerCase()})`
              : ''}
            .
          </Text>
        )}
      </Stack>
    </FormSection>
  );
}
