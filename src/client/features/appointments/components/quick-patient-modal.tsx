import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES } from '../../../../common/identity-document';
import {
  CONSENT_CHANNEL_LABELS,
  CONSENT_CHANNELS,
  patientCreateSchema,
  patientFieldsSchema,
  type Patient,
} from '../../../../common/schemas/patients';
import { fieldsOf, FormFailureAlert, toFormFailure, type FormFailure } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { useCreatePatient } from '../api/create-patient';

type Values = z.input<typeof patientCreateSchema>;
type Output = z.output<typeof patientCreateSchema>;

/** Every field of a record; those this short form does not show stay empty. */
const EMPTY: Values = {
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

const FIELD_KEYS = Object.keys(patientFieldsSchema.shape);

/** What was typed in the search, as a first guess of the name: «ana garcía lópez» → Ana / García López. */
export function namesFromSearch(search: string): Pick<Values, 'firstName' | 'lastName'> {
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
  const [existing, setExisting] = useState<{ id: string; name: string } | null>(null);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(patientCreateSchema),
    defaultValues: { ...EMPTY, ...namesFromSearch(initialSearch) },
  });
  const { register, control, formState, watch } = form;
  const { errors } = formState;
  const consent = watch('privacyConsent');

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setExisting(null);
    const hasDocument = Boolean(values.documentNumber?.trim());
    try {
      const patient = await create.mutateAsync({
        ...values,
        documentType: hasDocument ? values.documentType : null,
        documentNumber: hasDocument ? values.documentNumber : null,
        privacyConsentChannel: values.privacyConsent ? values.privacyConsentChannel : null,
      });
      onCreated(patient);
    } catch (error) {
      setFailure(toFormFailure(error, form.setError, fieldsOf(FIELD_KEYS)));
      if (error instanceof ApiError && error.code === 'DUPLICATE_DOCUMENT') {
        form.setError('documentNumber', { type: 'server', message: error.message });
        const id = error.meta?.existingId;
        if (id) setExisting({ id, name: error.meta?.existingName || 'ese paciente' });
      }
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
          <TextInput
            label="Nombre"
            required
            autoComplete="off"
            data-autofocus
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
            error={errors.email?.message}
            {...register('email')}
          />
          <Controller
            control={control}
            name="documentType"
            render={({ field, fieldState }) => (
              <Select
                size="md"
                label="Tipo de documento"
                placeholder="Sin documento"
                data={DOCUMENT_TYPES.map((value) => ({ value, label: DOCUMENT_TYPE_LABELS[value] }))}
                clearable
                clearButtonProps={{ 'aria-label': 'Quitar el tipo de documento' }}
                comboboxProps={{ withinPortal: true }}
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
            autoComplete="off"
            error={errors.documentNumber?.message}
            {...register('documentNumber')}
          />
        </SimpleGrid>
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
              data={CONSENT_CHANNELS.map((value) => ({ value, label: CONSENT_CHANNEL_LABELS[value] }))}
              disabled={!consent}
              required={consent}
              comboboxProps={{ withinPortal: true }}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value)}
              error={fieldState.error?.message}
            />
          )}
        />
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
