import { zodResolver } from '../../../lib/zod-form';
import { Anchor, Box, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import { patientCreateSchema, type Patient, type PatientUpdateInput } from '../../../../common/schemas/patients';
import { FormFailureAlert, type FormFailure } from '../../../components/form-error';
import {
  EMPTY_PATIENT_VALUES,
  PATIENT_FIELD_KEYS,
  toPatientFailure,
  toPatientRecord,
  type ExistingPatient,
  type PatientFormOutput,
  type PatientFormValues,
} from '../../../components/patient-form-fields';
import { useCreatePatient, useUpdatePatient } from '../../../api/patients';
import { fullName } from '../utils/format';
import {
  ClinicalInformationSection,
  ContactSection,
  DataProtectionSection,
  PersonalDataSection,
} from './patient-form-sections';
import { InsuranceSection } from './insurance-section';

type FieldKey = keyof PatientFormValues;

/** Fields the server checks together: a change to one sends both. */
const PAIRS: FieldKey[][] = [
  ['documentType', 'documentNumber'],
  ['privacyConsent', 'privacyConsentChannel'],
];

function valuesOf(patient: Patient): PatientFormValues {
  return {
    firstName: patient.firstName,
    lastName: patient.lastName,
    documentType: patient.documentType,
    documentNumber: patient.documentNumber ?? '',
    documentCountry: (patient.documentCountry as PatientFormValues['documentCountry']) ?? null,
    birthDate: patient.birthDate,
    sex: patient.sex,
    phone: patient.phone,
    email: patient.email,
    address: patient.address,
    insurerId: patient.insurerId,
    policyNumber: patient.policyNumber,
    cardNumber: patient.cardNumber,
    cardExpiry: patient.cardExpiry,
    allergies: patient.allergies,
    medicalHistory: patient.medicalHistory,
    notes: patient.notes,
    privacyConsent: patient.privacyConsentAt !== null,
    privacyConsentChannel: patient.privacyConsentChannel,
  };
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
  const [duplicate, setDuplicate] = useState<ExistingPatient | null>(null);
  const form = useForm<PatientFormValues, unknown, PatientFormOutput>({
    resolver: zodResolver(patientCreateSchema),
    defaultValues: patient ? valuesOf(patient) : EMPTY_PATIENT_VALUES,
  });
  const { register, control, formState, watch } = form;
  const { errors } = formState;
  const consent = watch('privacyConsent');

  const fail = (error: unknown) => {
    const { failure, existing } = toPatientFailure(error, form.setError, { focusDocument: true });
    setFailure(failure);
    setDuplicate(existing);
  };

  const onSubmit = form.handleSubmit(async (output) => {
    setFailure(null);
    setDuplicate(null);
    const record = toPatientRecord(output);
    try {
      if (creating) {
        const created = await create.mutateAsync(record);
        onSaved?.(created);
        return;
      }
      // What the server holds, in the same form as `record` (the server stores trimmed, normalised values).
      const defaults = toPatientRecord(valuesOf(patient) as PatientFormOutput);
      const changed = new Set(
        PATIENT_FIELD_KEYS.filter((key) => JSON.stringify(record[key]) !== JSON.stringify(defaults[key])),
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

        <PersonalDataSection control={control} register={register} errors={errors} />

        <ContactSection register={register} errors={errors} />

        <InsuranceSection control={control} register={register} errors={errors} />

        <ClinicalInformationSection register={register} errors={errors} />

        <DataProtectionSection control={control} consent={consent} patient={patient} />

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
