import type { QuoteReport } from '../../../common/schemas/quotes';

interface Offered {
  month: string;
  doctorId: string | null;
  doctorName: string;
  totalCents: number;
  outcome: string;
}

/**
 * The acceptance rate (issue 36, items 2 and 8): of the quotes that reached a patient (sent, then accepted, refused,
 * expired or still waiting), how many were accepted — by the month each was sent in, and by doctor. A quote accepted
 * on paper without being sent never reached her by the clinic's channels and is not counted.
 */
export function acceptanceRate(year: number, rows: readonly Offered[]): QuoteReport {
  const tally = (group: readonly Offered[]) => {
    const offered = group.length;
    const accepted = group.filter((row) => row.outcome === 'aceptado');
    return {
      offered,
      accepted: accepted.length,
      rejected: group.filter((row) => row.outcome === 'rechazado').length,
      expired: group.filter((row) => row.outcome === 'caducado').length,
      ratePercent: offered === 0 ? null : Math.round((accepted.length * 100) / offered),
      acceptedCents: accepted.reduce((sum, row) => sum + row.totalCents, 0),
    };
  };
  const months = [...new Set(rows.map((row) => row.month))].sort();
  const doctors = [...new Map(rows.map((row) => [row.doctorId, row.doctorName])).entries()].sort((a, b) =>
    a[1].localeCompare(b[1], 'es'),
  );
  return {
    year,
    months: months.map((month) => ({ month, ...tally(rows.filter((row) => row.month === month)) })),
    doctors: doctors.map(([doctorId, doctorName]) => ({
      doctorId,
      doctorName: doctorName || 'Sin profesional',
      ...tally(rows.filter((row) => row.doctorId === doctorId)),
    })),
  };
}
