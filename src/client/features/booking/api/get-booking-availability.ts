import { api } from '../../../../common/api-paths';
import type { Availability } from '../../../../common/schemas/appointments';
import { apiFetch, toQueryString } from '../../../lib/api-client';
import type { SlotSource } from '../../../api/availability';

/** The free times a booking may be moved to from its e-mail link, of the booking's own length (its service's). */
export const getBookingAvailability = (
  token: string,
  { from, to }: { from: string; to: string },
  signal?: AbortSignal,
) => apiFetch<Availability>(`${api.public.bookingAvailability(token)}${toQueryString({ from, to })}`, { signal });

/** The slot picker's source for «Cambiar la hora» by the link (under the availability key). */
export const bookingSlotSource = (token: string): SlotSource => ({
  key: ['booking', token],
  fetch: (range, signal) => getBookingAvailability(token, range, signal),
});
