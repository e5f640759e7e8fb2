import { useSearchParams } from 'react-router';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '../../../../common/schemas/appointments';
import { todayIn } from '../../../lib/dates';
import type { AppointmentsFilters } from '../api/get-appointments';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isStatus = (value: string | null): value is AppointmentStatus =>
  APPOINTMENT_STATUSES.includes(value as AppointmentStatus);

export type HistoryParamKey = 'from' | 'to' | 'doctorId' | 'patientId' | 'status' | 'order' | 'page' | 'q' | 'fechas';
export type HistoryUpdate = Partial<Record<HistoryParamKey, string | number | null | undefined>>;

/**
 * The filters live in the address: back, reload and shared links keep them. With no dates, no patient and
 * no search the history opens on today (the desk's day), earliest first; «Todas» (`fechas=todas`) lifts it.
 * Looking for a patient or a text searches every date.
 */
export function useHistoryParams(timeZone: string) {
  const [params, setParams] = useSearchParams();
  const day = (key: 'from' | 'to') => {
    const value = params.get(key);
    return value && DAY.test(value) ? value : undefined;
  };
  const status = params.get('status');
  const pageParam = Number(params.get('page'));
  const q = params.get('q')?.trim() || undefined;
  const patientId = params.get('patientId') || undefined;
  const allDates = params.get('fechas') === 'todas';
  const onToday = !allDates && !day('from') && !day('to') && !patientId && !q;
  const today = todayIn(timeZone);
  const filters: AppointmentsFilters = {
    from: onToday ? today : day('from'),
    to: onToday ? today : day('to'),
    doctorId: params.get('doctorId') || undefined,
    patientId,
    status: isStatus(status) ? status : undefined,
    q,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;

  const update = (changes: HistoryUpdate) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          const text = value === null || value === undefined ? '' : String(value);
          if (!text || (key === 'page' && text === '1') || (key === 'order' && text === 'asc')) next.delete(key);
          else next.set(key, text);
        }
        // Chosen dates replace «Todas», and «Todas» replaces chosen dates.
        if (changes.from || changes.to) next.delete('fechas');
        if (changes.fechas) ['from', 'to'].forEach((key) => next.delete(key));
        // Any change of filter starts again at the first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  const filtered = Boolean(
    params.get('from') || params.get('to') || allDates || filters.doctorId || patientId || filters.status || q,
  );
  return { filters, page, update, today, allDates, filtered };
}
