import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type z } from 'zod';
import { issuerSchema, type Issuer } from '../../../../common/schemas/invoices';
import { clinicSettingsSchema, type ClinicSettingsResponse } from '../../../../common/schemas/settings';
import { taxIdField } from '../../../../common/schemas/tax-id-field';
import { useSaveIssuer } from '../../../api/invoices';
import { fieldsOf, FormFailureAlert, toFormFailure, type FormFailure } from '../../../components/form-error';
import { StepActions, type StepProps } from '../../../components/step-actions';
import { zodResolver } from '../../../lib/zod-form';
import { useUpdateSettings } from '../api/update-settings';

/** The wizard's «Datos de la clínica»: the settings' name and contact, and the invoices' issuer with its NIF. */
const clinicStepSchema = clinicSettingsSchema.pick({ name: true, address: true, phone: true, email: true }).extend({
  legalName: issuerSchema.shape.legalName,
  taxId: taxIdField('Escribe el NIF o CIF de la clínica', { required: true }),
  address: issuerSchema.shape.address,
});
type ClinicStepValues = z.input<typeof clinicStepSchema>;
const FIELDS = Object.keys(clinicStepSchema.shape);

/**
 * Saves through the settings' own endpoint (name, address, phone, e-mail) and «Facturación › Datos fiscales»
 * (razón social, NIF, the same address as fiscal address): one place for each, as the settings screens keep them.
 */
export function ClinicStep({
  settings,
  issuer,
  onDone,
  onSkip,
  busy,
}: StepProps & { settings: ClinicSettingsResponse; issuer: Issuer }) {
  const update = useUpdateSettings();
  const saveIssuer = useSaveIssuer();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const form = useForm<ClinicStepValues, unknown, z.output<typeof clinicStepSchema>>({
    resolver: zodResolver(clinicStepSchema),
    defaultValues: {
      name: settings.name === 'Clínica' ? '' : settings.name,
      legalName: issuer.legalName,
      taxId: issuer.taxId,
      address: issuer.address || settings.address,
      phone: settings.phone,
      email: settings.email,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name, legalName, taxId, address, phone, email }) => {
    setFailure(null);
    try {
      await update.mutateAsync({ name, address, phone, email });
      await saveIssuer.mutateAsync({ ...issuer, legalName: legalName || name, taxId, address });
      onDone();
    } catch (error) {
      setFailure(toFormFailure(error, form.setError, fieldsOf(FIELDS)));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormFailureAlert failure={failure} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Nombre de la clínica" required error={errors.name?.message} {...form.register('name')} />
          <TextInput
            label="Razón social"
            description="La que figura en las facturas; la de la sociedad o el nombre del profesional"
            required
            autoComplete="organization"
            error={errors.legalName?.message}
            {...form.register('legalName')}
          />
          <TextInput
            label="NIF o CIF"
            required
            description="Se comprueba su letra o carácter de control"
            error={errors.taxId?.message}
            {...form.register('taxId')}
          />
          <TextInput
            label="Dirección"
            required
            autoComplete="street-address"
            error={errors.address?.message}
            {...form.register('address')}
          />
          <TextInput
            label="Teléfono"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <TextInput
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
        </SimpleGrid>
        <StepActions onSkip={onSkip} submitting={form.formState.isSubmitting || busy} />
      </Stack>
    </form>
  );
}
