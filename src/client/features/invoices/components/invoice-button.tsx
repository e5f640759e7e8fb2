import { Badge, Button, type MantineSize } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import type { DiaryAppointment } from '../../../../common/schemas/appointments';
import { invoicePdfHref } from '../../../api/invoices';
import type { AppointmentActions } from '../../../components/appointment-actions';
import { AppointmentInvoicesBatch, useInvoiceOfAppointment } from './appointment-invoices-batch';
import { IssueInvoiceModal } from './issue-invoice-modal';

/**
 * Beside an attended visit in the desk's diary and calendar: «Factura F2026-000012» when it is on an invoice that
 * stands (its PDF, as «Facturación» opens an invoice), «Bono 3/10» when it used a session of a pack (never invoiced
 * again), else «Facturar»; nothing while that is not known yet, nor for
 * any other state.
 */
export function InvoiceButton({
  appointment,
  timeZone,
  size = 'xs',
}: {
  appointment: DiaryAppointment;
  timeZone: string;
  size?: MantineSize;
}) {
  const [open, setOpen] = useState(false);
  const known = useInvoiceOfAppointment(appointment);
  if (appointment.status !== 'atendida') return null;
  return (
    <>
      {known.state === 'invoiced' && (
        <Button
          component="a"
          href={invoicePdfHref(known.invoice.invoiceId)}
          download
          size={size}
          variant="subtle"
          color="teal"
          leftSection={<IconFileInvoice size={16} aria-hidden />}
          aria-label={`Descargar la factura ${known.invoice.number} de ${appointment.patientName}`}
        >
          Factura {known.invoice.number}
        </Button>
      )}
      {known.state === 'pack' && (
        <Badge
          color="grape"
          variant="light"
          aria-label={`Sesión ${known.session.number} de ${known.session.sessions} de un bono`}
        >
          Bono {known.session.number}/{known.session.sessions}
        </Badge>
      )}
      {known.state === 'not-invoiced' && (
        <Button
          size={size}
          variant="light"
          color="teal"
          leftSection={<IconFileInvoice size={16} aria-hidden />}
          onClick={() => setOpen(true)}
          aria-label={`Facturar la cita de ${appointment.patientName}`}
        >
          Facturar
        </Button>
      )}
      {/* Kept apart from the button: issuing turns the button into the invoice's, and the dialog stays meanwhile. */}
      {open && (
        <IssueInvoiceModal
          patient={{ id: appointment.patientId, name: appointment.patientName }}
          appointment={appointment}
          timeZone={timeZone}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/**
 * What the desk's appointment screens provide to the appointments feature (`AppointmentActionProvider`): the button,
 * and the batch that asks once for the invoices of a diary's attended visits.
 */
export const invoiceActions: AppointmentActions = {
  render: (appointment, timeZone) => <InvoiceButton appointment={appointment} timeZone={timeZone} />,
  Batch: AppointmentInvoicesBatch,
};
