import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { DiaryAppointment } from '../../../../common/schemas/appointments';
import type { AppointmentInvoice, AppointmentPackSession } from '../../../../common/schemas/invoices';
import { useAppointmentInvoices, type InvoicesByAppointment } from '../api/get-appointment-invoices';

/** What the desk knows of an attended visit's invoice. */
export type InvoiceOfAppointment =
  | { state: 'checking' }
  | { state: 'invoiced'; invoice: AppointmentInvoice }
  /** The visit used a session of a pack: it is not invoiced («Bono 3/10» instead of «Facturar»). */
  | { state: 'pack'; session: AppointmentPackSession }
  | { state: 'not-invoiced' };

interface Lookup {
  data: InvoicesByAppointment | undefined;
  /** The server could not say: «Facturar» is offered, and the server refuses a visit already invoiced (409). */
  failed: boolean;
}

const BatchContext = createContext<Lookup | null>(null);

const attendedIds = (appointments: readonly DiaryAppointment[]) =>
  appointments.filter((appointment) => appointment.status === 'atendida').map((appointment) => appointment.id);

/**
 * One request for the invoices of every attended visit of a list (the diary's day), read by each row's
 * `InvoiceButton`. The desk's screens give it to the appointments feature as `invoiceActions.Batch`.
 */
export function AppointmentInvoicesBatch({
  appointments,
  children,
}: {
  appointments: readonly DiaryAppointment[];
  children: ReactNode;
}) {
  const { data, isError } = useAppointmentInvoices(attendedIds(appointments));
  const lookup = useMemo(() => ({ data, failed: isError }), [data, isError]);
  return <BatchContext.Provider value={lookup}>{children}</BatchContext.Provider>;
}

function invoiceIn(lookup: Lookup, appointmentId: string): InvoiceOfAppointment {
  const invoice = lookup.data?.byAppointment.get(appointmentId);
  if (invoice) return { state: 'invoiced', invoice };
  const session = lookup.data?.packByAppointment.get(appointmentId);
  if (session) return { state: 'pack', session };
  if (lookup.data?.asked.has(appointmentId) || lookup.failed) return { state: 'not-invoiced' };
  return { state: 'checking' };
}

/**
 * The invoice of one attended visit: from the list's batch when there is one, else asked for this visit alone (the
 * calendar's drawer shows one appointment at a time).
 */
export function useInvoiceOfAppointment(appointment: DiaryAppointment): InvoiceOfAppointment {
  const batch = useContext(BatchContext);
  const alone = useAppointmentInvoices(batch || appointment.status !== 'atendida' ? [] : [appointment.id]);
  return invoiceIn(batch ?? { data: alone.data, failed: alone.isError }, appointment.id);
}
