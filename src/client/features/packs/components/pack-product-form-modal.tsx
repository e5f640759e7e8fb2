import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { eurosToCents } from '../../../../common/money';
import type { ClinicService } from '../../../../common/schemas/clinic-services';
import type { PackProduct } from '../../../../common/schemas/packs';
import { useCreatePackProduct, useUpdatePackProduct } from '../../../api/packs';
import { errorMessageOf } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';

interface Values {
  serviceId: string | null;
  sessions: number | string;
  priceEuros: number | string;
  validityMonths: number | string;
  active: boolean;
}

const valuesOf = (product: PackProduct | null): Values => ({
  serviceId: product?.serviceId ?? null,
  sessions: product?.sessions ?? 10,
  priceEuros: product ? product.priceCents / 100 : '',
  validityMonths: product?.validityMonths ?? '',
  active: product?.active ?? true,
});

/** A pack the clinic sells: a service, its sessions, its price before VAT and its validity (empty: no expiry). */
export function PackProductFormModal({
  product,
  services,
  onClose,
}: {
  product: PackProduct | null;
  services: ClinicService[];
  onClose: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreatePackProduct();
  const update = useUpdatePackProduct();
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));

  const submit = () => {
    const input = {
      serviceId: values.serviceId ?? '',
      sessions: Number(values.sessions),
      priceCents: values.priceEuros === '' ? 0 : eurosToCents(Number(values.priceEuros)),
      validityMonths: values.validityMonths === '' ? null : Number(values.validityMonths),
      active: values.active,
    };
    const handlers = {
      onSuccess: () => {
        notifications.show({ color: 'green', message: product ? 'Bono guardado' : 'Bono creado' });
        onClose();
      },
      onError: (error: unknown) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        else notifications.show({ color: 'red', message: errorMessageOf(error) });
      },
    };
    if (product) update.mutate({ id: product.id, input }, handlers);
    else create.mutate(input, handlers);
  };

  return (
    <Modal opened onClose={onClose} title={product ? `Editar ${product.name}` : 'Nuevo bono'} size="lg">
      <Stack>
        <Select
          label="Servicio"
          placeholder="Elige el servicio"
          searchable
          data={services
            .filter((service) => service.active || service.id === values.serviceId)
            .map((service) => ({ value: service.id, label: `${service.name} · ${service.specialty}` }))}
          value={values.serviceId}
          onChange={(serviceId) => set({ serviceId })}
          error={errors.serviceId}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label="Sesiones"
            min={2}
            max={100}
            allowDecimal={false}
            value={values.sessions}
            onChange={(sessions) => set({ sessions })}
            error={errors.sessions}
          />
          <NumberInput
            label="Precio"
            description="Sin IVA: se suma el IVA del servicio"
            suffix=" €"
            decimalScale={2}
            decimalSeparator=","
            min={0}
            value={values.priceEuros}
            onChange={(priceEuros) => set({ priceEuros })}
            error={errors.priceCents}
          />
          <NumberInput
            label="Validez (meses)"
            description="Vacío: no caduca"
            min={1}
            max={60}
            allowDecimal={false}
            value={values.validityMonths}
            onChange={(validityMonths) => set({ validityMonths })}
            error={errors.validityMonths}
          />
        </SimpleGrid>
        <Switch
          label="A la venta"
          checked={values.active}
          onChange={(event) => set({ active: event.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={create.isPending || update.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
