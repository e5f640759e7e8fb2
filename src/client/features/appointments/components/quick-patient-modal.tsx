import { zodResolver } from '../../../lib/zod-form';
import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { patientCreateSchema, type Patient } from '../../../../common/schemas/patients';
import { FormFailureAlert, type FormFailure } from '../../../components/form-error';
import {
  EMPTY_PATIENT_VALUES,
  PatientContactFields,
  PatientDocumentFields,
  PatientNameFields,
  PrivacyConsentFields,
  toPatientFailure,
  toPatientRecord,
  type ExistingPatient,
  type PatientFormOutput,
  type PatientFormValues,
} from '../../../components/patient-form-fields';
import { useCreatePatient } from '../../../api/patients';

/** What was typed in the search, as a first guess of the name: «ana garcía lópez» → Ana / García López. */
export function namesFromSearch(search: string): Pick<PatientFormValues, 'firstName' | 'lastName'> {
  const text = search.trim();
  if (!/^[\p{L}' -]+$/u.test(text)) return { firstName: '', lastName: '' };
  const words = text.split(/\s+/).map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

interface QuickPatientFormProps {
  initialSearch: string;
  onCreated: (patient: Patient) => void;
  onUseExisting: (patientId: string) => void;
  onCancel: () => void;
}

function QuickPatientForm({ initialSearch, onCreated, onUseExisting, onCancel }: QuickPatientFormProps) {
  const create = useCreatePatient();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [existing, setExisting] = useState<ExistingPatient | null>(null);
  const form = useForm<PatientFormValues, unknown, PatientFormOutput>({
    resolver: zodResolver(patientCreateSchema),
    defaultValues: { ...EMPTY_PATIENT_VALUES, ...namesFromSearch(initialSearch) },
  });
  const { register, control, formState, watch } = form;
  const { errors } = formState;
  const consent = watch('privacyConsent');

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setExisting(null);
    try {
      const patient = await create.mutateAsync(toPatientRecord(values));
      onCreated(patient);
    } catch (error) {
      const { failure, existing } = toPatientFailure(error, form.setError);
      setFailure(failure);
      setExisting(existing);
    }
  });

  return (
    <form
      noValidate
      aria-label="Nuevo paciente"
      onSubmit={(event) => {
        // The modal lives inside the booking form in React's tree: its submit must not reach that form.
        event.stopPropagation();
        void onSubmit(event);
      }}
    >
      <Stack gap="md">
        <FormFailureAlert failure={failure} title="No se ha podido crear el paciente">
          {existing && (
            <Button
              size="xs"
              variant="white"
              color="red"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => onUseExisting(existing.id)}
            >
              Usar la ficha de {existing.name}
            </Button>
          )}
        </FormFailureAlert>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PatientNameFields register={register} errors={errors} autoFocus />
          <PatientContactFields register={register} errors={errors} />
          <PatientDocumentFields control={control} register={register} errors={errors} />
        </SimpleGrid>
        <PrivacyConsentFields control={control} consent={consent} />
        <Text size="xs" c="dimmed">
          El resto de la ficha (fecha de nacimiento, dirección, seguro, antecedentes) se completa después desde
          Pacientes.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            Crear paciente
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface QuickPatientModalProps extends Omit<QuickPatientFormProps, 'onCancel'> {
  opened: boolean;
  onClose: () => void;
}

/** A short form to create the patient's record without leaving the booking. */
export function QuickPatientModal({ opened, onClose, ...props }: QuickPatientModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Nuevo paciente"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      closeOnClickOutside={false}
    >
      <QuickPatientForm {...props} onCancel={onClose} />
    </Modal>
  );
}
