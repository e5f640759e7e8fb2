import { useQuery } from '@tanstack/react-query';
import { quoteApi } from '../../../../common/api-paths';
import type { LinkableAppointment } from '../../../../common/schemas/quotes';
import { quoteKeys } from '../../../api/quote-keys';
import { apiFetch } from '../../../lib/api-client';

/** GET quoteApi.appointments: her appointments that may still become a session of the quote (the desk's). */
export const getLinkableAppointments = (id: string, signal?: AbortSignal) =>
  apiFetch<LinkableAppointment[]>(quoteApi.appointments(id), { signal });

export const useLinkableAppointments = (id: string) =>
  useQuery({ queryKey: quoteKeys.appointments(id), queryFn: ({ signal }) => getLinkableAppointments(id, signal) });
