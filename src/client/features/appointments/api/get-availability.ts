import { useAvailability as useSharedAvailability, type AvailabilityQuery } from '../../../api/availability';

/**
 * The desk's view of the free slots: the shared availability query (one fetcher and one key for every
 * screen, see `src/client/api/availability.ts`), with the slots held for the waiting list.
 */
export const useAvailability = (query: Omit<AvailabilityQuery, 'withHeld'> | null) =>
  useSharedAvailability(query && { ...query, withHeld: true });
