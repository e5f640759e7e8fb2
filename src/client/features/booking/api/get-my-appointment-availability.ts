import { api } from '../../../../common/api-paths';
import type { Availability } from '../../../../common/schemas/appointments';
import { apiFetch, toQueryString } from '../../../lib/api-client';
import type { SlotSource } from '../../../api/availability';

/** The free times the paciente may move one of her appointments to, of its own length (its service's). */
export const getMyAppointmentAvailability = (
  id: string,
  { from, to }: { from: string; to: string },
  signal?: AbortSignal,
) => apiFetch<Availability>(`${api.myAppointmentAvailability(id)}${toQueryString({ from, to })}`, { signal });

/** The slot picker's source for «Cambiar la hora» in «Mis citas» (under the availability key). */
export const myAppointmentSlotSource = (id: string): SlotSource => ({
  key: ['mine', id],
  fetch: (range, signal) => getMyAppointmentAvailability(id, range, signal),
});
