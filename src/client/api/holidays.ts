import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../common/api-paths';
import type { Holiday, HolidayCreateInput, HolidayList, NationalHolidaysResult } from '../../common/schemas/holidays';
import type { RegionHolidaysInput, RegionHolidaysResult } from '../../common/schemas/setup';
import { apiFetch, toQueryString } from '../lib/api-client';
import { setupWizardKeys } from './setup-wizard';

export interface HolidayRange {
  /** Days «AAAA-MM-DD», both included. */
  from: string;
  to: string;
}

/** Every holidays query (the settings' year, the calendar's and diary's days) starts with `all`: a change refetches them all. */
export const holidayKeys = {
  all: ['holidays'] as const,
  range: ({ from, to }: HolidayRange) => [...holidayKeys.all, 'range', from, to] as const,
};

/** The clinic's holidays and closures touching the days [from, to]. */
export const getHolidays = ({ from, to }: HolidayRange, signal?: AbortSignal) =>
  apiFetch<HolidayList>(`${api.holidays}${toQueryString({ from, to })}`, { signal });

export const getHolidaysQueryOptions = (range: HolidayRange) =>
  queryOptions({ queryKey: holidayKeys.range(range), queryFn: ({ signal }) => getHolidays(range, signal) });

/** The holidays and closures of one year (the settings' calendar). */
export const useHolidays = (year: number) =>
  useQuery(getHolidaysQueryOptions({ from: `${year}-01-01`, to: `${year}-12-31` }));

/** Those touching the days shown (the appointments' calendar and diary); `null` waits. */
export const useHolidaysRange = (range: HolidayRange | null) =>
  useQuery({
    ...getHolidaysQueryOptions(range ?? { from: '', to: '' }),
    staleTime: 5 * 60_000,
    enabled: Boolean(range),
  });

export const createHoliday = (input: HolidayCreateInput) =>
  apiFetch<Holiday>(api.holidays, { method: 'POST', body: input });

export const deleteHoliday = (id: string) => apiFetch<void>(api.holiday(id), { method: 'DELETE' });

/** Adds Spain's national holidays of a year (those not there yet). */
export const addNationalHolidays = (year: number) =>
  apiFetch<NationalHolidaysResult>(api.nationalHolidays, { method: 'POST', body: { year } });

function useHolidayChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: holidayKeys.all }),
  });
}

export const useCreateHoliday = () => useHolidayChange(createHoliday);
export const useDeleteHoliday = () => useHolidayChange(deleteHoliday);
export const useAddNationalHolidays = () => useHolidayChange(addNationalHolidays);

/** Adds the national and one community's holidays of a year or two, and keeps the community in the settings. */
export const loadRegionHolidays = (input: RegionHolidaysInput) =>
  apiFetch<RegionHolidaysResult>(api.regionHolidays, { method: 'POST', body: input });

export function useLoadRegionHolidays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loadRegionHolidays,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: holidayKeys.all });
      void queryClient.invalidateQueries({ queryKey: setupWizardKeys.all });
    },
  });
}
