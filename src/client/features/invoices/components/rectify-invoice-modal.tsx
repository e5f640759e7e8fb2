import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { eurosToCents, formatEuros } from '../../../../common/money';
import {
  INVOICE_TYPE_LABELS,
  RECTIFICATION_METHOD_LABELS,
  RECTIFICATION_METHODS,
  rectifyingTypesFor,
  type InvoiceDetail,
  type InvoiceSummary,
  type RectificationMethod,
  type RectifyingType,
} from '../../../../common/schemas/invoices';
import { useInvoice, useRectifyInvoice } from '../../../api/invoices';
import { errorMessageOf } from '../../../components/form-error';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { ApiError } from '../../../lib/api-client';
import { RectifyLines, type DraftLine } from './rectify-lines';

/** The original's lines as a start: negated by difference (all given back), as they were by substitution. */
const startingLines = (invoice: InvoiceDetail, method: RectificationMethod): DraftLine[] =>
  invoice.lines.map((line, index) => ({
    key: index + 1,
    description: method === 'diferencias' ? `Devolución: ${line.description}` : line.description,
    quantity: line.quantity,
    euros: ((method === 'diferencias' ? -1 : 1) * line.unitPriceCents) / 100,
    vat: line.vat,
  }));

const toCents = (value: number | string) => (value === '' ? Number.NaN : eurosToCents(Number(value)));

/**
 * «Rectificar»: a rectifying invoice of an issued one, which is never changed. By difference (what changes, negative
 * to give back) or by substitution (the right amounts); R5 for a simplified invoice, R1–R4 for a complete one.
 */
export function RectifyInvoiceModal({ invoice, onClose }: { invoice: InvoiceSummary; onClose: () => void }) {
  const detail = useInvoice(invoice.id);
  return (
    <Modal opened onClose={onClose} title={`Rectificar la factura ${invoice.number}`} centered size="xl">
      {detail.isPending ? (
        <LoadingBlock label="Cargando la factura…" />
      ) : detail.isError ? (
        <LoadErrorAlert
          title="No se pudo cargar la factura"
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <RectifyForm original={detail.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function RectifyForm({ original, onClose }: { original: InvoiceDetail; onClose: () => void }) {
  const types = rectifyingTypesFor(original.type);
  const [type, setType] = useState<RectifyingType>(types[0]!);
  const [method, setMethod] = useState<RectificationMethod>('diferencias');
  const [reason, setReason] = useState('');
  const [lines, setLines] = useState(() => startingLines(original, 'diferencias'));
  const rectify = useRectifyInvoice();
  const fields = rectify.error instanceof ApiError ? (rectify.error.fields ?? {}) : {};
  const base = lines.reduce((sum, line) => sum + Number(line.quantity || 0) * toCents(line.euros || 0), 0);
  const submit = () =>
    rectify.mutate(
      {
        id: original.id,
        input: {
          type,
          method,
          reason,
          lines: lines.map((line) => ({
            description: line.description,
            quantity: Number(line.quantity),
            unitPriceCents: toCents(line.euros),
            vat: line.vat,
          })),
        },
      },
      {
        onSuccess: (made) => {
          notifications.show({ color: 'teal', title: 'Factura rectificativa emitida', message: made.number });
          onClose();
        },
      },
    );
  return (
    <Stack>
      <Text size="sm">
        {original.patientName}: total {formatEuros(original.totalCents)}. La factura original no cambia: la
        rectificativa la nombra y se encadena en VERI*FACTU.
      </Text>
      <Select
        label="Tipo"
        data={types.map((value) => ({ value, label: `${value} · ${INVOICE_TYPE_LABELS[value]}` }))}
        value={type}
        allowDeselect={false}
        onChange={(value) => value && setType(value as RectifyingType)}
        error={fields.type}
      />
      <SegmentedControl
        aria-label="Cómo se rectifica"
        value={method}
        onChange={(value) => {
          setMethod(value as RectificationMethod);
          setLines(startingLines(original, value as RectificationMethod));
        }}
        data={RECTIFICATION_METHODS.map((value) => ({ value, label: RECTIFICATION_METHOD_LABELS[value] }))}
      />
      <Text size="sm" c="dimmed">
        {method === 'diferencias'
          ? 'Escribe lo que cambia: en negativo lo que se devuelve o se descuenta.'
          : 'Escribe los importes correctos: sustituyen a los de la factura original.'}
      </Text>
      <RectifyLines lines={lines} onChange={setLines} allowNegative={method === 'diferencias'} errors={fields} />
      <Text size="sm">Base de la rectificativa: {Number.isNaN(base) ? '—' : formatEuros(base)}</Text>
      <Textarea
        label="Motivo"
        required
        autosize
        minRows={2}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={fields.reason}
      />
      {rectify.isError && Object.keys(fields).length === 0 && (
        <Alert color="red">{errorMessageOf(rectify.error)}</Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Volver
        </Button>
        <Button loading={rectify.isPending} onClick={submit}>
          Emitir rectificativa
        </Button>
      </Group>
    </Stack>
  );
}
