import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { eurosToCents } from '../../../../common/money';
import type { Insurer, InsurerInput } from '../../../../common/schemas/insurers';
import { useCreateInsurer, useUpdateInsurer } from '../../../api/insurers';
import { errorMessageOf } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';

/** What the form holds: the copay in euros as typed, empty for none (the request sends cents or null). */
interface InsurerFormValues {
  name: string;
  taxId: string;
  address: string;
  copayEuros: number | string;
  requiresAuthorization: boolean;
  active: boolean;
}

const valuesOf = (insurer: Insurer | null): InsurerFormValues => ({
  name: insurer?.name ?? '',
  taxId: insurer?.taxId ?? '',
  address: insurer?.address ?? '',
  copayEuros: insurer?.copayCents == null ? '' : insurer.copayCents / 100,
  requiresAuthorization: insurer?.requiresAuthorization ?? false,
  active: insurer?.active ?? true,
});

const inputOf = (values: InsurerFormValues): InsurerInput => ({
  name: values.name,
  taxId: values.taxId,
  address: values.address,
  copayCents: values.copayEuros === '' ? null : eurosToCents(Number(values.copayEuros)),
  requiresAuthorization: values.requiresAuthorization,
  active: values.active,
});

/** Create or edit an insurer; one with patients is deactivated, never deleted. */
export function InsurerFormModal({ insurer, onClose }: { insurer: Insurer | null; onClose: () => void }) {
  const [values, setValues] = useState(() => valuesOf(insurer));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateInsurer();
  const update = useUpdateInsurer();
  const set = <K extends keyof InsurerFormValues>(key: K, value: InsurerFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const save = async () => {
    setErrors({});
    const input = inputOf(values);
    try {
      if (insurer) await update.mutateAsync({ id: insurer.id, input });
      else await create.mutateAsync(input);
      notifications.show({ color: 'green', message: insurer ? 'Aseguradora guardada' : 'Aseguradora creada' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else notifications.show({ color: 'red', message: errorMessageOf(error) });
    }
  };

  return (
    <Modal opened onClose={onClose} title={insurer ? `Editar ${insurer.name}` : 'Nueva aseguradora'} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Nombre"
              required
              value={values.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={errors.name}
              data-autofocus
            />
            <TextInput
              label="CIF"
              required
              value={values.taxId}
              onChange={(event) => set('taxId', event.currentTarget.value)}
              error={errors.taxId}
            />
          </SimpleGrid>
          <TextInput
            label="Dirección"
            description="La de facturación: va en la factura a la aseguradora"
            required
            value={values.address}
            onChange={(event) => set('address', event.currentTarget.value)}
            error={errors.address}
          />
          <NumberInput
            label="Copago"
            description="Lo que paga la paciente en cada visita; vacío si no paga nada"
            suffix=" €"
            decimalSeparator=","
            thousandSeparator="."
            decimalScale={2}
            min={0}
            allowNegative={false}
            value={values.copayEuros}
            onChange={(value) => set('copayEuros', value)}
            error={errors.copayCents}
          />
          <Switch
            label="Pide un número de autorización para cada visita"
            checked={values.requiresAuthorization}
            onChange={(event) => set('requiresAuthorization', event.currentTarget.checked)}
          />
          <Switch
            label="Activa (se puede elegir en la ficha y al dar citas)"
            checked={values.active}
            onChange={(event) => set('active', event.currentTarget.checked)}
          />
          {insurer && insurer.patientCount > 0 && (
            <Text size="sm" c="dimmed">
              La tienen {insurer.patientCount === 1 ? '1 paciente' : `${insurer.patientCount} pacientes`}: desactivarla
              no la quita de sus fichas.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {insurer ? 'Guardar' : 'Crear aseguradora'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
