import { Alert, Anchor, Button, Divider, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { formatEuros } from '../../../../common/money';
import { paths } from '../../../../common/paths';
import type { InvoiceKind } from '../../../../common/schemas/invoices';
import { useClinicServices } from '../../../api/clinic-services';
import { invoicePdfHref, useInvoicePreview, useIssueInvoice } from '../../../api/invoices';
import { errorMessageOf } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { invoiceableServiceOptions } from './service-options';
import { formatLongDayAndTime } from '../../../lib/dates';
import { BillingModeBanner } from './billing-mode-banner';
import { DiscountField } from './discount-field';
import { InvoicePreviewPanel } from './invoice-preview';
import { PayerFields } from './payer-fields';
import { RectifyLines } from './rectify-lines';
import { useInvoiceDraft } from './use-invoice-draft';

/**
 * A line's price is before VAT, as a service's is: the line's VAT is added on top (exempt health care adds nothing).
 * Said under the field so a 21 % line is not typed with its VAT already in.
 */
const PRICE_DESCRIPTION = 'Sin IVA: se suma el IVA de la línea';

interface IssueInvoiceModalProps {
  /** The name titles the dialog; without it, «Nueva factura». */
  patient: { id: string; name?: string };
  /** The attended visit invoiced; none for an invoice of typed lines only. */
  appointment?: { id: string; startsAt: string; doctorName: string };
  timeZone: string;
  onClose: () => void;
}

/**
 * «Facturar»: a visit at its service's price (or the service chosen here) and lines typed by hand, with discounts, to
 * the patient or another payer, complete or simplified — the amounts shown as the server will issue them.
 */
export function IssueInvoiceModal({ patient, appointment, timeZone, onClose }: IssueInvoiceModalProps) {
  const services = useClinicServices();
  const issue = useIssueInvoice();
  const draft = useInvoiceDraft(patient.id, appointment?.id ?? null);
  const { state, set } = draft;
  const preview = useInvoicePreview(draft.ready ? draft.input : null);
  const fields = issue.error instanceof ApiError ? (issue.error.fields ?? {}) : {};
  const issuerMissing = issue.error instanceof ApiError && issue.error.code === 'ISSUER_MISSING';
  const submit = () =>
    issue.mutate(draft.input, {
      onSuccess: (invoice) => {
        notifications.show({
          color: 'teal',
          title: `Factura ${invoice.number} emitida`,
          message: (
            <Anchor href={invoicePdfHref(invoice.id)} download size="sm">
              Descargar el PDF ({formatEuros(invoice.amountDueCents)})
            </Anchor>
          ),
        });
        onClose();
      },
    });

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        appointment && patient.name
          ? `Facturar la cita de ${patient.name}`
          : patient.name
            ? `Facturar a ${patient.name}`
            : 'Nueva factura'
      }
      centered
      size="lg"
    >
      <Stack>
        <BillingModeBanner />
        {appointment && (
          <>
            <Text size="sm">
              {formatLongDayAndTime(appointment.startsAt, timeZone)}, con {appointment.doctorName}.
            </Text>
            <Select
              label="Servicio facturado"
              placeholder="El de la cita"
              description="Elige uno si la cita se reservó sin servicio o se hizo otro."
              data={invoiceableServiceOptions(services.data)}
              value={state.serviceId}
              onChange={set.setServiceId}
              clearable
              searchable
              error={fields.appointmentServices ?? fields.appointmentIds}
            />
            <DiscountField
              label="Descuento de la cita"
              value={state.visitDiscount}
              onChange={set.setVisitDiscount}
              error={fields.appointmentDiscounts}
            />
          </>
        )}
        <RectifyLines
          lines={state.lines}
          onChange={set.setLines}
          allowNegative={false}
          errors={fields}
          priceDescription={PRICE_DESCRIPTION}
        />
        <DiscountField
          label="Descuento de la factura"
          value={state.discount}
          onChange={set.setDiscount}
          error={fields.discount}
        />
        <Radio.Group
          label="Tipo de factura"
          value={state.kind}
          onChange={(value) => set.setKind(value as InvoiceKind)}
          error={fields.kind}
        >
          <Stack gap="xs" mt={6}>
            <Radio value="simplificada" label="Simplificada (hasta 400 €, sin datos fiscales de quien paga)" />
            <Radio value="completa" label="Completa (con el NIF y la dirección de quien paga)" />
          </Stack>
        </Radio.Group>
        <PayerFields value={state.payer} onChange={set.setPayer} errors={fields} />
        <Divider label="Antes de emitir" labelPosition="left" />
        {/* Once «Emitir» was refused, its refusal is on screen (at a field or below): the preview's would repeat it. */}
        <InvoicePreviewPanel
          preview={issue.isError && preview.error ? undefined : preview.data}
          error={issue.isError ? null : preview.error}
        />
        {issuerMissing && (
          <Alert color="yellow" title="Faltan los datos fiscales de la clínica">
            {errorMessageOf(issue.error)}{' '}
            <Anchor component={Link} to={paths.admin.billing}>
              Ir a Facturación
            </Anchor>
          </Alert>
        )}
        {issue.isError && !issuerMissing && Object.keys(fields).length === 0 && (
          <Alert color="red">{errorMessageOf(issue.error)}</Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button loading={issue.isPending} disabled={!draft.ready} onClick={submit}>
            Emitir factura
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
