import { Checkbox, Select, TextInput, type SelectProps } from '@mantine/core';
import {
  Controller,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { COUNTRY_CODES, countryName } from '../../common/countries';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES } from '../../common/identity-document';
import {
  CONSENT_CHANNEL_LABELS,
  CONSENT_CHANNELS,
  patientFieldsSchema,
  type patientCreateSchema,
} from '../../common/schemas/patients';
import { ApiError } from '../lib/api-client';
import { fieldsOf, toFormFailure, type FormFailure } from './form-error';

/** What a patient form holds (the full record form and the short one of the booking share it). */
export type PatientFormValues = z.input<typeof patientCreateSchema>;
export type PatientFormOutput = z.output<typeof patientCreateSchema>;
type PatientFormControl = Control<PatientFormValues, unknown, PatientFormOutput>;

export const PATIENT_FIELD_KEYS = Object.keys(patientFieldsSchema.shape) as (keyof PatientFormValues)[];

/** Every field of a record, empty; a short form leaves those it does not show like this. */
export const EMPTY_PATIENT_VALUES: PatientFormValues = {
  firstName: '',
  lastName: '',
  documentType: null,
  documentNumber: '',
  documentCountry: null,
  birthDate: null,
  sex: null,
  phone: '',
  email: '',
  address: '',
  insurerId: null,
  policyNumber: '',
  cardNumber: '',
  cardExpiry: null,
  allergies: '',
  medicalHistory: '',
  notes: '',
  privacyConsent: false,
  privacyConsentChannel: null,
};

/** What the API stores: no document is null/null, and no consent has no channel. */
export function toPatientRecord(values: PatientFormOutput): PatientFormOutput {
  const hasDocument = Boolean(values.documentNumber?.trim());
  return {
    ...values,
    documentType: hasDocument ? values.documentType : null,
    documentNumber: hasDocument ? values.documentNumber : null,
    documentCountry: hasDocument && values.documentType === 'pasaporte' ? (values.documentCountry ?? null) : null,
    privacyConsentChannel: values.privacyConsent ? values.privacyConsentChannel : null,
  };
}

/** The choices of a Select from a list of values and their Spanish labels. */
export const selectOptions = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** The record that already holds the document typed, as the server named it. */
export interface ExistingPatient {
  id: string;
  name: string;
}

/**
 * Turns a failed create or save into what a patient form shows; a duplicate document also marks the
 * number field and names the record that holds it, so the form can offer it.
 */
export function toPatientFailure(
  error: unknown,
  setError: UseFormSetError<PatientFormValues>,
  { focusDocument = false }: { focusDocument?: boolean } = {},
): { failure: FormFailure; existing: ExistingPatient | null } {
  const failure = toFormFailure(error, setError, fieldsOf(PATIENT_FIELD_KEYS));
  if (!(error instanceof ApiError && error.code === 'DUPLICATE_DOCUMENT')) return { failure, existing: null };
  setError('documentNumber', { type: 'server', message: error.message }, { shouldFocus: focusDocument });
  const id = error.meta?.existingId;
  return { failure, existing: id ? { id, name: error.meta?.existingName || 'ese paciente' } : null };
}

type PatientChoiceFieldProps = Omit<SelectProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  control: PatientFormControl;
  name: 'documentType' | 'documentCountry' | 'sex' | 'privacyConsentChannel';
};

/** A list bound to one of the record's choice fields; an empty choice is null. */
export function PatientChoiceField({ control, name, ...props }: PatientChoiceFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          size="md"
          {...props}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={field.value ?? null}
          onChange={(value) => field.onChange(value)}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

interface RegisteredFieldsProps {
  register: UseFormRegister<PatientFormValues>;
  errors: FieldErrors<PatientFormValues>;
}

/** «Nombre» and «Apellidos», both required, side by side in the caller's grid. */
export function PatientNameFields({
  register,
  errors,
  autoFocus = false,
}: RegisteredFieldsProps & {
  /** Focus «Nombre» when a modal opens. */
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextInput
        label="Nombre"
        required
        autoComplete="off"
        data-autofocus={autoFocus || undefined}
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
    </>
  );
}

/** «Teléfono» and «Correo electrónico», side by side in the caller's grid. */
export function PatientContactFields({
  register,
  errors,
  emailDescription,
}: RegisteredFieldsProps & {
  /** A note under the e-mail field. */
  emailDescription?: string;
}) {
  return (
    <>
      <TextInput label="Teléfono" type="tel" autoComplete="off" error={errors.phone?.message} {...register('phone')} />
      <TextInput
        label="Correo electrónico"
        type="email"
        autoComplete="off"
        description={emailDescription}
        error={errors.email?.message}
        {...register('email')}
      />
    </>
  );
}

interface PatientDocumentFieldsProps extends RegisteredFieldsProps {
  control: PatientFormControl;
  /** An example shown in the empty number field. */
  numberPlaceholder?: string;
}

/** The countries a passport may be from, by their Spanish names. */
const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) =>
  a.label.localeCompare(b.label, 'es'),
);

/**
 * «Tipo de documento» and «Número de documento», side by side in the caller's grid; for a passport, «País del
 * pasaporte» too (a complete invoice names it to the AEAT).
 */
export function PatientDocumentFields({ control, register, errors, numberPlaceholder }: PatientDocumentFieldsProps) {
  const documentType = useWatch({ control, name: 'documentType' });
  return (
    <>
      <PatientChoiceField
        control={control}
        name="documentType"
        label="Tipo de documento"
        placeholder="Sin documento"
        data={selectOptions(DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS)}
        clearable
        clearButtonProps={{ 'aria-label': 'Quitar el tipo de documento' }}
      />
      <TextInput
        label="Número de documento"
        placeholder={numberPlaceholder}
        autoComplete="off"
        error={errors.documentNumber?.message}
        {...register('documentNumber')}
      />
      {documentType === 'pasaporte' && (
        <PatientChoiceField
          control={control}
          name="documentCountry"
          label="País del pasaporte"
          placeholder="Elige el país"
          data={COUNTRY_OPTIONS}
          searchable
          clearable
        />
      )}
    </>
  );
}

interface PrivacyConsentFieldsProps {
  control: PatientFormControl;
  /** Whether the box is ticked: the channel is asked for only then. */
  consent: boolean;
  /** The channel list's greatest width, where the form is wide. */
  channelMaw?: number;
}

/** The privacy-policy box and how the patient accepted it. */
export function PrivacyConsentFields({ control, consent, channelMaw }: PrivacyConsentFieldsProps) {
  return (
    <>
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
      <PatientChoiceField
        control={control}
        name="privacyConsentChannel"
        label="Cómo lo aceptó"
        placeholder="Elige una opción"
        data={selectOptions(CONSENT_CHANNELS, CONSENT_CHANNEL_LABELS)}
        disabled={!consent}
        required={consent}
        maw={channelMaw}
      />
    </>
  );
}
