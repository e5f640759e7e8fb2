import { APPOINTMENT_STATUSES, type AdminDashboard } from '../../../../common/schemas/appointments';

/** The day's appointments by status for the admin's dashboard, with the cancelled ones apart. */
export function countToday(today: AdminDashboard['today']) {
  // «Citas hoy» and the ring count the same thing: the day's appointments that still stand (every status
  // but «Cancelada»); the cancelled ones are named apart, never in the total.
  const statusCounts = APPOINTMENT_STATUSES.filter((status) => status !== 'cancelada')
    .map((status) => ({ status, count: today.byStatus[status] ?? 0 }))
    .filter((entry) => entry.count > 0);
  const totalToday = statusCounts.reduce((sum, entry) => sum + entry.count, 0);
  const cancelledToday = today.byStatus.cancelada ?? 0;
  const cancelledText = cancelledToday === 1 ? '1 cancelada' : `${cancelledToday} canceladas`;
  return { statusCounts, totalToday, cancelledToday, cancelledText };
}

export type TodayCounts = ReturnType<typeof countToday>;
