import type { AppointmentActions } from '../components/appointment-actions';
import { invoiceActions } from '../features/invoices/components/invoice-button';
import { QuoteSessionOffer } from '../features/quotes/components/quote-session-offer';

/**
 * What the desk's diaries add to an appointment: «Facturar» (rows and panel) and, in an opened appointment, linking it
 * to a session of her accepted quote («Vincular al presupuesto P-…»).
 */
export const deskAppointmentActions: AppointmentActions = {
  ...invoiceActions,
  detail: (appointment) => <QuoteSessionOffer appointment={appointment} />,
};
