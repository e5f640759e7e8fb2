import type { AfterBookingStep } from '../appointments/after-booking';
import type { WaitingListService } from './service';

/**
 * The waiting list's after-booking step: once a desk booking has committed, a slot offered to that patient (she said
 * yes on the phone) is marked as accepted and her entry done, as if she had opened the link. Never fails the booking.
 */
export function waitingListAfterBooking(list: Pick<WaitingListService, 'bookedByDesk'>): AfterBookingStep {
  return {
    name: 'waiting-list',
    async afterCommit(booking) {
      if (booking.source === 'desk') await list.bookedByDesk(booking.appointment, booking.by);
    },
  };
}
