import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { AppointmentAnswers } from '../../../../common/schemas/confirmations';
import { apiFetch, toQueryString } from '../../../lib/api-client';
import { byAppointment, useLastArrivedAnswers } from './get-appointment-answers';
import type { AppointmentsRange } from './get-appointments-range';
import { appointmentsRootKey } from './keys';

/** The patients' answers to their reminders for every appointment in the calendar's range, in one request. */
export const getAppointmentAnswersRange = (range: AppointmentsRange, signal?: AbortSignal) =>
  apiFetch<AppointmentAnswers>(`${api.appointmentAnswersRange}${toQueryString({ ...range })}`, { signal });

/** `version` ties it to the calendar's own list (its `dataUpdatedAt`): refetched whenever that list is. */
export const getAppointmentAnswersRangeQueryOptions = (range: AppointmentsRange, version = 0) =>
  queryOptions({
    queryKey: [...appointmentsRootKey, 'answers-range', range, version],
    queryFn: ({ signal }) => getAppointmentAnswersRange(range, signal),
    // The last answers stay while the new ones load. A stable function: an inline one is applied again on every
    // render, `select` then makes a new map each time, and React loops (get-appointment-answers.test.tsx).
    placeholderData: keepPreviousData,
    select: byAppointment,
  });

export const useAppointmentAnswersRange = (range: AppointmentsRange | null, version?: number) =>
  useLastArrivedAnswers(
    useQuery({
      ...getAppointmentAnswersRangeQueryOptions(range ?? { from: '', to: '' }, version),
      enabled: Boolean(range),
    }),
  );
