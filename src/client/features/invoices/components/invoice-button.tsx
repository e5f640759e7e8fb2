import { Button, type MantineSize } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import type { Appointment } from '../../../../common/schemas/appointments';
import { IssueInvoiceModal } from './issue-invoice-modal';

/** «Facturar» beside an attended visit in the desk's diary and calendar; nothing for any other state. */
export function InvoiceButton({
  appointment,
  timeZone,
  size = 'xs',
}: {
  appointment: Appointment;
  timeZone: string;
  size?: MantineSize;
}) {
  const [open, setOpen] = useState(false);
  if (appointment.status !== 'atendida') return null;
  return (
    <>
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
      {open && <IssueInvoiceModal appointment={appointment} timeZone={timeZone} onClose={() => setOpen(false)} />}
    </>
  );
}

/** What the desk's appointment screens provide to the appointments feature (`AppointmentActionProvider`). */
export const invoiceAction = (appointment: Appointment, timeZone: string) => (
  <InvoiceButton appointment={appointment} timeZone={timeZone} />
);
