import type { QueryClient } from '@tanstack/react-query';
import { invalidateAvailability } from '../../../api/availability';

/** The prefix of every appointment query: a change to any appointment refreshes them all. */
export const appointmentsRootKey = ['appointments'] as const;

/**
 * After a booking, a move, a cancellation or a status change: every appointment query, and the free
 * slots it took or freed (the shared availability every booking screen shows, `src/client/api/availability.ts`).
 */
export const invalidateAppointments = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: appointmentsRootKey }), invalidateAvailability(queryClient)]);
