import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Box,
  Button,
  Checkbox,
  Group,
  Paper,
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
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type z } from 'zod';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES } from '../../../../common/identity-document';
import { paths } from '../../../../common/paths';
import {
  CONSENT_CHANNEL_LABELS,
  CONSENT_CHANNELS,
  patientCreateSchema,
  patientFieldsSchema,
  SEX_LABELS,
  SEXES,
  type Patient,
  type PatientUpdateInput,
} from '../../../../common/schemas/patients';
import { DateField } from '../../../components/date-field';
import { fieldsOf, FormFailureAlert, toFormFailure, type FormFailure } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { useCreatePatient } from '../api/create-patient';
import { useUpdatePatient } from '../api/update-patient';
import { formatInstant, fullName } from '../utils/format';

type PatientFormValues = z.input<typeof patientCreateSchema>;
type PatientFormOutput = z.output<typeof patientCreateSchema>;
type FieldKey = keyof PatientFormValues;

const FIELD_KEYS = Object.keys(patientFieldsSchema.shape) as FieldKey[];
/** Fields the server checks together: a change to one sends both. */
const PAIRS: FieldKey[][] = [
  ['documentType', 'documentNumber'],
  ['privacyConsent', 'privacyConsentChannel'],
];

const EMPTY: PatientFormValues = {
  firstName: '',
  lastName: '',
  documentType: null,
  documentNumber: '',
  birthDate: null,
  sex: null,
  phone: '',
  email: '',
  address: '',
  insurer: '',
  policyNumber: '',
  allergies: '',
  medicalHistory: '',
  notes: '',
  privacyConsent: false,
  privacyConsentChannel: null,
};

function valuesOf(patient: Patient): PatientFormValues {
  return {
    firstName: patient.firstName,
    lastName: patient.lastName,
    documentType: patient.documentType,
    documentNumber: patient.documentNumber ?? '',
    birthDate: patient.birthDate,
    sex: patient.sex,
    phone: patient.phone,
    email: patient.email,
    address: patient.address,
    insurer: patient.insurer,
    policyNumber: patient.policyNumber,
    allergies: patient.allergies,
    medicalHistory: patient.medicalHistory,
    notes: patient.notes,
    privacyConsent: patient.privacyConsentAt !== null,
    privacyConsentChannel: patient.privacyConsentChannel,
  };
}

/** What the API stores: no document is null/null, and no consent has no channel. */
function toRecord(values: PatientFormOutput): PatientFormOutput {
  const hasDocument = Boolean(values.documentNumber?.trim());
  return {
    ...values,
    documentType: hasDocument ? values.documentType : null,
    documentNumber: hasDocument ? values.documentNumber : null,
    privacyConsentChannel: values.privacyConsent ? values.privacyConsentChannel : null,
  };
}

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

interface Duplicate {
  id: string;
  name: string;
}

interface PatientFormProps {
  /** The patient being edited; none to create one. */
  patient?: Patient;
  /** Called with the record the server answered, after a create or a save. */
  onSaved?: (patient: Patient) => void;
  /** Shown as «Cancelar» next to the save button when given. */
  onCancel?: () => void;
}

/** The patient's administrative and clinical data, for staff to create or correct. */
export function PatientForm({ patient, onSaved, onCancel }: PatientFormProps) {
  const creating = !patient;
  const create = useCreatePatient();
  const update = useUpdatePatient();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [duplicate, setDuplicate] = useState<Duplicate | null>(null);
  const form = useForm<PatientFormValues, unknown, PatientFormOutput>({
    resolver: zodResolver(patientCreateSchema),
    defaultValues: patient ? valuesOf(patient) : EMPTY,
  });
  const { register, control, formState, watch } = form;
  const { errors } = formState;
  const consent = watch('privacyConsent');

  const fail = (error: unknown) => {
    setFailure(toFormFailure(error, form.setError, fieldsOf(FIELD_KEYS)));
    if (error instanceof ApiError && error.code === 'DUPLICATE_DOCUMENT') {
      form.setError('documentNumber', { type: 'server', message: error.message }, { shouldFocus: true });
      const id = error.meta?.existingId;
      setDuplicate(id ? { id, name: error.meta?.existingName || 'ese paciente' } : null);
    }
  };

  const onSubmit = form.handleSubmit(async (output) => {
    setFailure(null);
    setDuplicate(null);
    const record = toRecord(output);
    try {
      if (creating) {
        const created = await create.mutateAsync(record);
        onSaved?.(created);
        return;
      }
      // What the server holds, in the same form as `record` (the server stores trimmed, normalised values).
      const defaults = toRecord(valuesOf(patient) as PatientFormOutput);
      const changed = new Set(
        FIELD_KEYS.filter((key) => JSON.stringify(record[key]) !== JSON.stringify(defaults[key])),
      );
      for (const pair of PAIRS) if (pair.some((key) => changed.has(key))) pair.forEach((key) => changed.add(key));
      if (changed.size === 0) {
        form.reset(valuesOf(patient));
        return;
      }
      const changes = Object.fromEntries([...changed].map((key) => [key, record[key]])) as PatientUpdateInput;
      const saved = await update.mutateAsync({ id: patient.id, changes });
      form.reset(valuesOf(saved));
      notifications.show({
        color: 'teal',
        message: 'Cambios guardados',
        closeButtonProps: { 'aria-label': 'Cerrar el aviso' },
      });
      onSaved?.(saved);
    } catch (error) {
      fail(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={creating ? 'Nuevo paciente' : `Datos de ${fullName(patient)}`}>
      <Stack gap="lg">
        <FormFailureAlert failure={failure} title={creating ? 'No se ha podido crear el paciente' : undefined}>
          {duplicate && (
            <Anchor component={Link} to={paths.admin.patient(duplicate.id)} fw={600} size="sm">
              Abrir la ficha de {duplicate.name}
            </Anchor>
          )}
        </FormFailureAlert>

        <Section title="Datos personales">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Nombre"
              required
              autoComplete="off"
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextInput
              label="Apellidos"
              required
              autoComplete="off"
              error={errors.lastName?.message}
              {...register('lastName')}
            />
            <Controller
              control={control}
              name="documentType"
              render={({ field, fieldState }) => (
                <Select
                  size="md"
                  label="Tipo de documento"
                  placeholder="Sin documento"
                  data={options(DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS)}
                  clearable
                  clearButtonProps={{ 'aria-label': 'Quitar el tipo de documento' }}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value)}
                  error={fieldState.error?.message}
                />
              )}
            />
            <TextInput
              label="Número de documento"
              placeholder="12345678Z"
              autoComplete="off"
              error={errors.documentNumber?.message}
              {...register('documentNumber')}
            />
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
                  maxDate={new Date()}
                  clearable
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="sex"
              render={({ field, fieldState }) => (
                <Select
                  size="md"
                  label="Sexo"
                  placeholder="Elige una opción"
                  data={options(SEXES, SEX_LABELS)}
                  clearable
                  clearButtonProps={{ 'aria-label': 'Quitar el sexo' }}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value)}
                  error={fieldState.error?.message}
                />
              )}
            />
          </SimpleGrid>
        </Section>

        <Section title="Contacto">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Teléfono"
              type="tel"
              autoComplete="off"
              error={errors.phone?.message}
              {...register('phone')}
            />
            <TextInput
              label="Correo electrónico"
              type="email"
              autoComplete="off"
              description="Si se registra con este correo, su cuenta quedará enlazada a esta ficha."
              error={errors.email?.message}
              {...register('email')}
            />
          </SimpleGrid>
          <TextInput
            label="Dirección"
            mt="md"
            autoComplete="off"
            error={errors.address?.message}
            {...register('address')}
          />
        </Section>

        <Section title="Seguro">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Aseguradora"
              placeholder="Privado, si no tiene"
              error={errors.insurer?.message}
              {...register('insurer')}
            />
            <TextInput label="Nº de póliza" error={errors.policyNumber?.message} {...register('policyNumber')} />
          </SimpleGrid>
        </Section>

        <Section title="Información clínica">
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
        </Section>

        <Section title="Protección de datos">
          <Stack gap="md">
            <Controller
              control={control}
              name="privacyConsent"
              render={({ field }) => (
                <Checkbox
                  label="Ha aceptado la política de privacidad"
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                />
              )}
            />
            <Controller
              control={control}
              name="privacyConsentChannel"
              render={({ field, fieldState }) => (
                <Select
                  size="md"
                  label="Cómo lo aceptó"
                  placeholder="Elige una opción"
                  data={options(CONSENT_CHANNELS, CONSENT_CHANNEL_LABELS)}
                  disabled={!consent}
                  required={consent}
                  maw={360}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value)}
                  error={fieldState.error?.message}
                />
              )}
            />
            {patient?.privacyConsentAt && (
              <Text size="sm" c="dimmed">
                Consentimiento dado el {formatInstant(patient.privacyConsentAt)}
                {patient.privacyConsentChannel
                  ? ` (${CONSENT_CHANNEL_LABELS[patient.privacyConsentChannel].toLowerCase()})`
                  : ''}
                .
              </Text>
            )}
          </Stack>
        </Section>

        <Box>
          <Group justify="flex-end" gap="sm">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                Cancelar
              </Button>
            )}
            {!creating && (
              <Button
                variant="default"
                onClick={() => {
                  form.reset();
                  setFailure(null);
                  setDuplicate(null);
                }}
                disabled={!formState.isDirty || formState.isSubmitting}
              >
                Descartar cambios
              </Button>
            )}
            <Button type="submit" loading={formState.isSubmitting} disabled={!creating && !formState.isDirty}>
              {creating ? 'Crear paciente' : 'Guardar cambios'}
            </Button>
          </Group>
        </Box>
      </Stack>
    </form>
  );
}
