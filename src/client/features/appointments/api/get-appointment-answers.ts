import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../../common/api-paths';
import type { AppointmentAnswer, AppointmentAnswers } from '../../../../common/schemas/confirmations';
import { apiFetch } from '../../../lib/api-client';
import { appointmentsRootKey } from './keys';

/** Ids per request: 100 ids are a 3.7 kB address; a month of the calendar (500) was 18 kB, over the server's header limit (431). */
const IDS_PER_REQUEST = 100;

/** The patients' answers to their reminders, for the given appointments, asked 100 at a time. */
export async function getAppointmentAnswers(ids: string[], signal?: AbortSignal): Promise<AppointmentAnswers> {
  const chunks = Array.from({ length: Math.ceil(ids.length / IDS_PER_REQUEST) }, (_, index) =>
    ids.slice(index * IDS_PER_REQUEST, (index + 1) * IDS_PER_REQUEST),
  );
  const answers = await Promise.all(
    chunks.map((chunk) => apiFetch<AppointmentAnswers>(`${api.appointmentAnswers}?ids=${chunk.join(',')}`, { signal })),
  );
  return { answers: answers.flatMap((page) => page.answers) };
}

export type AnswersByAppointment = Map<string, AppointmentAnswer>;

/** Stable (module-level), so the map is rebuilt only when the data changes. */
export const byAppointment = (data: AppointmentAnswers): AnswersByAppointment =>
  new Map(data.answers.map((answer) => [answer.appointmentId, answer]));

/**
 * `version` ties it to the screen's own list (e.g. the diary's `dataUpdatedAt`): whenever that list is
 * refetched (a live event, such as a patient's answer), so are the answers, with no second connection.
 */
export const getAppointmentAnswersQueryOptions = (ids: string[], version = 0) =>
  queryOptions({
    queryKey: [...appointmentsRootKey, 'answers', [...ids].sort().join(','), version],
    queryFn: ({ signal }) => getAppointmentAnswers(ids.slice(0, 500), signal),
    enabled: ids.length > 0,
    // The last answers stay while the new ones load. A stable function: an inline one is applied again on every
    // render, `select` then makes a new map each time, and React loops (get-appointment-answers.test.tsx).
    placeholderData: keepPreviousData,
    select: byAppointment,
  });

/**
 * The answers to show: the newest that arrived. A refresh that fails (a new key has no data of its own to
 * fall back on) keeps the last ones on screen instead of blanking the ticks and the «Sin confirmar» count
 * until the next refresh; `data` is undefined only until the first answers arrive.
 */
export function useLastArrivedAnswers({
  data,
  dataUpdatedAt,
  isPlaceholderData,
}: UseQueryResult<AnswersByAppointment>) {
  const [lastArrived, setLastArrived] = useState<{ at: number; data: AnswersByAppointment }>();
  // Stored the React way (an update during render, no effect and second paint), keyed by when the answers
  // arrived: the selected map may be a new object on every render, and comparing it would never settle.
  if (data !== undefined && !isPlaceholderData && dataUpdatedAt !== lastArrived?.at)
    setLastArrived({ at: dataUpdatedAt, data });
  return { data: data ?? lastArrived?.data };
}

/** The answers of the given appointments (the diary's day). */
export const useAppointmentAnswers = (ids: string[], version?: number) =>
  useLastArrivedAnswers(useQuery(getAppointmentAnswersQueryOptions(ids, version)));
