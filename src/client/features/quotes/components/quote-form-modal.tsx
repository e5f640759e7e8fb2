import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatEuros } from '../../../../common/money';
import type { Discount } from '../../../../common/schemas/invoices';
import { useClinicServices } from '../../../api/clinic-services';
import { DiscountField } from '../../../components/discount-field';
import { ApiError } from '../../../lib/api-client';
import { useCreateQuote } from '../api/create-quote';

interface LineDraft {
  serviceId: string | null;
  quantity: number;
  detail: string;
  discount?: Discount;
}
const emptyLine = (): LineDraft => ({ serviceId: null, quantity: 1, detail: '' });

/**
 * «Nuevo presupuesto»: lines from the clinic's services (sessions, teeth or zones, a discount each), a discount on the
 * whole and the last valid day (a month when left empty). The server computes the figures as the invoice will.
 */
export function QuoteFormModal({ patientId, onClose }: { patientId: string; onClose: () => void }) {
  const services = useClinicServices();
  const create = useCreateQuote();
  const [lines, setLines] = useState<LineDraft[]>([emptyLine()]);
  const [discount, setDiscount] = useState<Discount | undefined>();
  const [validUntil, setValidUntil] = useState('');
  const [notes, setNotes] = useState('');
  const fields = create.error instanceof ApiError ? (create.error.fields ?? {}) : {};
  const options = (services.data ?? [])
    .filter((service) => service.active)
    .map((service) => ({ value: service.id, label: `${service.name} · ${formatEuros(service.priceCents)}` }));
  const update = (index: number, change: Partial<LineDraft>) =>
    setLines((all) => all.map((line, at) => (at === index ? { ...line, ...change } : line)));
  const submit = () =>
    create.mutate(
      {
        patientId,
        lines: lines.map((line) => ({
          serviceId: line.serviceId ?? '',
          quantity: line.quantity,
          detail: line.detail,
          discount: line.discount,
        })),
        discount,
        validUntil: validUntil || undefined,
        notes,
      },
      { onSuccess: onClose },
    );
  return (
    <Modal opened onClose={onClose} title="Nuevo presupuesto" size="lg">
      <Stack>
        {lines.map((line, index) => (
          <Stack
            key={index}
            gap="xs"
            p="xs"
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
          >
            <Group align="flex-end" wrap="wrap" gap="xs">
              <Select
                label={`Servicio de la línea ${index + 1}`}
                data={options}
                value={line.serviceId}
                onChange={(serviceId) => update(index, { serviceId })}
                error={fields[`lines.${index}.serviceId`]}
                searchable
                style={{ flex: 1, minWidth: 200 }}
              />
              <NumberInput
                label="Sesiones"
                min={1}
                max={60}
                value={line.quantity}
                onChange={(value) => update(index, { quantity: Number(value) || 1 })}
                w={100}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Quitar la línea ${index + 1}`}
                disabled={lines.length === 1}
                onClick={() => setLines((all) => all.filter((_, at) => at !== index))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
            <TextInput
              label="Piezas o zonas"
              placeholder="16, 17 · frente y entrecejo"
              value={line.detail}
              onChange={(event) => update(index, { detail: event.currentTarget.value })}
            />
            <DiscountField
              label={`Descuento de la línea ${index + 1}`}
              value={line.discount}
              onChange={(next) => update(index, { discount: next })}
              error={fields[`lines.${index}.discount`]}
            />
          </Stack>
        ))}
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setLines((all) => [...all, emptyLine()])}
          w="fit-content"
        >
          Añadir línea
        </Button>
        <DiscountField
          label="Descuento del presupuesto"
          value={discount}
          onChange={setDiscount}
          error={fields.discount}
        />
        <TextInput
          type="date"
          label="Válido hasta"
          description="Si lo dejas vacío, un mes desde hoy"
          value={validUntil}
          onChange={(event) => setValidUntil(event.currentTarget.value)}
          error={fields.validUntil}
          w={220}
        />
        <Textarea
          label="Notas"
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          autosize
          minRows={2}
        />
        {create.error && (
          <Alert color="red" role="alert" title="No se ha podido guardar el presupuesto">
            {create.error instanceof ApiError ? create.error.message : 'Ha ocurrido un error inesperado.'}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          Los precios son los de «Servicios y tarifas», sin IVA; los descuentos se calculan como en la factura.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            Guardar presupuesto
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
