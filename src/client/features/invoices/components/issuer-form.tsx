import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Issuer, WithholdingRate } from '../../../../common/schemas/invoices';
import { useSaveIssuer } from '../../../api/invoices';
import { errorMessageOf } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';

/**
 * «Datos fiscales»: who issues the clinic's invoices. Every invoice copies them as they are when it is issued, so a
 * change applies from the next invoice on (and a new NIF starts a VERI*FACTU chain of its own).
 */
export function IssuerForm({ issuer }: { issuer: Issuer }) {
  const [values, setValues] = useState(issuer);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveIssuer();
  const field = (key: Exclude<keyof Issuer, 'withholdingRate'>) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
    },
  });
  const submit = () => {
    setErrors({});
    save.mutate(values, {
      onSuccess: (saved) => {
        setValues(saved);
        notifications.show({ color: 'teal', message: 'Datos fiscales guardados' });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
      },
    });
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack maw={640}>
        {!issuer.taxId && (
          <Alert color="yellow" title="Aún no se puede facturar">
            Indica la razón social, el NIF y la dirección fiscal de la clínica: aparecen en cada factura.
          </Alert>
        )}
        <TextInput label="Razón social" required autoComplete="organization" {...field('legalName')} />
        <TextInput label="NIF" required description="El de la sociedad o el del profesional" {...field('taxId')} />
        <TextInput label="Dirección fiscal" required autoComplete="street-address" {...field('address')} />
        <TextInput
          label="Datos registrales"
          description="Registro Mercantil, tomo, folio y hoja (solo sociedades)"
          {...field('registry')}
        />
        <TextInput
          label="Descripción del servicio en VERI*FACTU"
          placeholder="Servicios sanitarios"
          description="Lo que los registros de facturación dicen a la AEAT que se vendió. Vacío: «Servicios sanitarios». Nunca nombra la asistencia de un paciente."
          {...field('operationDescription')}
        />
        <Select
          label="Retención IRPF"
          description="La que aplica una empresa o un profesional que paga la factura (profesionales; 0 % si factura una sociedad)"
          data={[
            { value: '0', label: 'Sin retención' },
            { value: '15', label: '15 %' },
            { value: '7', label: '7 % (inicio de actividad)' },
          ]}
          value={String(values.withholdingRate ?? 0)}
          allowDeselect={false}
          onChange={(rate) =>
            rate && setValues((current) => ({ ...current, withholdingRate: Number(rate) as WithholdingRate }))
          }
          error={errors.withholdingRate}
        />
        {save.isError && !(save.error instanceof ApiError && save.error.fields) && (
          <Alert color="red">{errorMessageOf(save.error)}</Alert>
        )}
        <Text size="sm" c="dimmed">
          Los cambios se aplican a las facturas que se emitan a partir de ahora; las ya emitidas no cambian.
        </Text>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Guardar datos fiscales
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
