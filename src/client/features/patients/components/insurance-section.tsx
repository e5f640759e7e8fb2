import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useInsurers } from '../../../api/insurers';
import { DateField } from '../../../components/date-field';
import { FormSection } from '../../../components/form-section';
import type { PatientFormOutput, PatientFormValues } from '../../../components/patient-form-fields';

interface InsuranceSectionProps {
  control: Control<PatientFormValues, unknown, PatientFormOutput>;
  register: UseFormRegister<PatientFormValues>;
  errors: FieldErrors<PatientFormValues>;
}

/** «Seguro»: her insurer from «Aseguradoras» (none: private), policy, card number and the card's expiry. */
export function InsuranceSection({ control, register, errors }: InsuranceSectionProps) {
  const insurers = useInsurers();
  return (
    <FormSection title="Seguro">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={control}
          name="insurerId"
          render={({ field, fieldState }) => (
            <Select
              size="md"
              label="Aseguradora"
              placeholder="Privado"
              clearable
              searchable
              nothingFoundMessage="Ninguna aseguradora con ese nombre"
              // An insurer deactivated since stays on the records that had it.
              data={(insurers.data ?? [])
                .filter((insurer) => insurer.active || insurer.id === field.value)
                .map((insurer) => ({
                  value: insurer.id,
                  label: insurer.active ? insurer.name : `${insurer.name} (desactivada)`,
                }))}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value)}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextInput label="Nº de póliza" error={errors.policyNumber?.message} {...register('policyNumber')} />
        <TextInput label="Nº de tarjeta" error={errors.cardNumber?.message} {...register('cardNumber')} />
        <Controller
          control={control}
          name="cardExpiry"
          render={({ field, fieldState }) => (
            <DateField
              size="md"
              label="Caducidad de la tarjeta"
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value)}
              defaultLevel="year"
              clearable
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
    </FormSection>
  );
}
