import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { formatEuros } from '../../../../common/money';
import type { Discount } from '../../../../common/schemas/invoices';
import type { Quote } from '../../../../common/schemas/quotes';
import { DiscountField } from '../../../components/discount-field';
import { ApiError } from '../../../lib/api-client';
import { useCreateQuote } from '../api/create-quote';
import { useQuoteServices } from '../api/get-quote-services';
import { useUpdateQuote } from '../api/update-quote';
import { emptyLine, QuoteLineFields, type LineDraft } from './quote-line-fields';

const draftOf = (quote: Quote): LineDraft[] =>
  quote.lines.map((line) => ({
    serviceId: line.serviceId,
    quantity: line.quantity,
    detail: line.detail,
    discount: line.discount ?? undefined,
  }));

/**
 * «Nuevo presupuesto», or a draft changed («Editar borrador»): lines from the clinic's services (sessions, teeth or
 * zones, a discount each), a discount on the whole and the last valid day (a month when left empty). The server
 * computes the figures as the invoice will, at today's prices.
 */
export function QuoteFormModal({
  patientId,
  quote,
  onClose,
}: {
  patientId: string;
  quote?: Quote;
  onClose: () => void;
}) {
  const services = useQuoteServices();
  const create = useCreateQuote();
  const update = useUpdateQuote();
  const saving = quote ? update : create;
  const [lines, setLines] = useState<LineDraft[]>(quote ? draftOf(quote) : [emptyLine()]);
  const [discount, setDiscount] = useState<Discount | undefined>(quote?.discount ?? undefined);
  const [validUntil, setValidUntil] = useState(quote && quote.state !== 'caducado' ? quote.validUntil : '');
  const [notes, setNotes] = useState(quote?.notes ?? '');
  const fields = saving.error instanceof ApiError ? (saving.error.fields ?? {}) : {};
  const options = (services.data ?? []).map((service) => ({
    value: service.id,
    label: `${service.name} · ${formatEuros(service.priceCents)}`,
  }));
  const change = (index: number, next: Partial<LineDraft>) =>
    setLines((all) => all.map((line, at) => (at === index ? { ...line, ...next } : line)));
  const submit = () => {
    const input = {
      lines: lines.map((line) => ({ ...line, serviceId: line.serviceId ?? '' })),
      discount,
      validUntil: validUntil || undefined,
      notes,
    };
    if (quote) update.mutate({ id: quote.id, input }, { onSuccess: onClose });
    else create.mutate({ patientId, ...input }, { onSuccess: onClose });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={quote ? `Editar el presupuesto ${quote.number}` : 'Nuevo presupuesto'}
      size="lg"
    >
      <Stack>
        {services.isError && (
          <Alert color="red" role="alert" title="No se han podido cargar los servicios">
            {services.error.message}
          </Alert>
        )}
        {lines.map((line, index) => (
          <QuoteLineFields
            key={index}
            index={index}
            line={line}
            options={options}
            errors={fields}
            removable={lines.length > 1}
            onChange={(next) => change(index, next)}
            onRemove={() => setLines((all) => all.filter((_, at) => at !== index))}
          />
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
        {saving.error && (
          <Alert color="red" role="alert" title="No se ha podido guardar el presupuesto">
            {saving.error instanceof ApiError ? saving.error.message : 'Ha ocurrido un error inesperado.'}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          Los precios son los de «Servicios y tarifas», sin IVA; los descuentos se calculan como en la factura.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={saving.isPending}>
            Guardar presupuesto
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
