import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import {
  MAX_APPOINTMENTS_PER_LOOKUP,
  type AppointmentInvoice,
  type AppointmentInvoices,
  type AppointmentPackSession,
} from '../../../../common/schemas/invoices';
import { invoiceKeys } from '../../../api/invoices';
import { apiFetch } from '../../../lib/api-client';

/** What was asked and what the server answered: an appointment asked and not answered is not invoiced. */
export interface AppointmentInvoicesAnswer {
  asked: string[];
  invoices: AppointmentInvoice[];
  /** The asked visits that used a session of a pack («Bono 3/10»). */
  packSessions: AppointmentPackSession[];
}

/** The invoice (not cancelled) of each appointment, asked 100 at a time (one request for a diary's day). */
export async function getAppointmentInvoices(ids: string[], signal?: AbortSignal): Promise<AppointmentInvoicesAnswer> {
  const chunks = Array.from({ length: Math.ceil(ids.length / MAX_APPOINTMENTS_PER_LOOKUP) }, (_, index) =>
    ids.slice(index * MAX_APPOINTMENTS_PER_LOOKUP, (index + 1) * MAX_APPOINTMENTS_PER_LOOKUP),
  );
  const pages = await Promise.all(
    chunks.map((chunk) =>
      apiFetch<AppointmentInvoices>(`${api.invoicesOfAppointments}?ids=${chunk.join(',')}`, { signal }),
    ),
  );
  return {
    asked: ids,
    invoices: pages.flatMap((page) => page.invoices),
    packSessions: pages.flatMap((page) => page.packSessions),
  };
}

export interface InvoicesByAppointment {
  /** The appointments this answer covers; another (newly attended, while the new answer loads) is not known yet. */
  asked: ReadonlySet<string>;
  byAppointment: ReadonlyMap<string, AppointmentInvoice>;
  /** The pack session each visit used, if any. */
  packByAppointment: ReadonlyMap<string, AppointmentPackSession>;
}

/** Stable (module-level), so TanStack keeps the lookup until the data changes. */
export const indexByAppointment = (answer: AppointmentInvoicesAnswer): InvoicesByAppointment => ({
  asked: new Set(answer.asked),
  byAppointment: new Map(answer.invoices.map((invoice) => [invoice.appointmentId, invoice])),
  packByAppointment: new Map(answer.packSessions.map((session) => [session.appointmentId, session])),
});

/**
 * Under `invoiceKeys.all`: issuing, cancelling or rectifying an invoice (`useBillingChange`) asks again. The ids are
 * sorted into the key, so the same screen's appointments in another order are the same request.
 */
export const getAppointmentInvoicesQueryOptions = (ids: string[]) => {
  const sorted = [...new Set(ids)].sort();
  return queryOptions({
    queryKey: [...invoiceKeys.all, 'of-appointments', sorted.join(',')],
    queryFn: ({ signal }) => getAppointmentInvoices(sorted, signal),
    enabled: sorted.length > 0,
    // The last answer stays while a new one loads (the diary's day refetched with one more visit attended). TanStack's
    // stable function, never an inline one: that is applied again on every render and, with `select`, loops React.
    placeholderData: keepPreviousData,
    select: indexByAppointment,
  });
};

/** The invoices of the given appointments: one request for all of them. */
export const useAppointmentInvoices = (ids: string[]) => useQuery(getAppointmentInvoicesQueryOptions(ids));
