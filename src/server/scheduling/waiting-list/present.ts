import type { WaitingEntry, WaitingWishView } from '../../../common/schemas/waiting-list';
import type { WaitingListRepository } from './repository';

type ListedRow = Awaited<ReturnType<WaitingListRepository['list']>>[number];

export function presentEntry(row: ListedRow): WaitingEntry {
  const { entry } = row;
  return {
    id: entry.id,
    patientId: entry.patientId,
    patientName: row.patientName,
    patientPhone: row.patientPhone ?? '',
    patientEmail: row.patientEmail ?? '',
    doctorId: entry.doctorId,
    doctorName: row.doctorName,
    specialtyId: entry.specialtyId,
    specialty: row.specialty,
    fromDate: entry.fromDate,
    toDate: entry.toDate,
    partOfDay: entry.partOfDay,
    serviceId: entry.serviceId,
    serviceName: row.serviceName,
    serviceMinutes: row.serviceMinutes,
    notes: entry.notes,
    channel: entry.channel,
    state: entry.status === 'esperando' && row.offered ? 'oferta_enviada' : entry.status,
    appointmentId: entry.appointmentId,
    createdAt: entry.createdAt.toISOString(),
  };
}

/** The wish of an entry, without the patient: what a public answer may carry. */
export const wishViewOf = ({
  doctorName,
  specialty,
  fromDate,
  toDate,
  partOfDay,
  serviceName,
}: WaitingEntry): WaitingWishView => ({ doctorName, specialty, fromDate, toDate, partOfDay, serviceName });
