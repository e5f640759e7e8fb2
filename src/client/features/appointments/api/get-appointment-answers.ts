import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { AppointmentAnswer, AppointmentAnswers } from '../../../../common/schemas/confirmations';
import { apiFetch } from '../../../lib/api-client';
import { appointmentsRootKey } from './keys';

/** The patients' answers to their reminders, for the given appointments (at most 500). */
export const getAppointmentAnswers = (ids: string[], signal?: AbortSignal) =>
  apiFetch<AppointmentAnswers>(`${api.appointmentAnswers}?ids=${ids.join(',')}`, { signal });

/** Stable (module-level), so the map is rebuilt only when the data changes. */
const byAppointment = (data: AppointmentAnswers) => new Map<string, AppointmentAnswer>(data.answers.map((answer) => [answer.appointmentId, answer]));

/**
 * `version` ties it to the screen's own list (e.g. the diary's `dataUpdatedAt`): whenever that list is
 * refetched (a live event, such as a patient's answer), so are the answers, with no second connection.
 */
export const getAppointmentAnswersQueryOptions = (ids: string[], version = 0) =>
  queryOptions({
    queryKey: [...appointmentsRootKey, 'answers', [...ids].sort().join(','), version],
    queryFn: ({ signal }) => getAppointmentAnswers(ids.slice(0, 500), signal),
    enabled: ids.length > 0,
    placeholderData: (previous) => previous,
    select: byAppointment,
  });

export const useAppointmentAnswers = (ids: string[], version?: number) => useQuery(getAppointmentAnswersQueryOptions(ids, version));
