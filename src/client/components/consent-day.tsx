import { createContext, useContext, type ReactNode } from 'react';
import type { ConsentStatusItem } from '../../common/schemas/consent-signing';
import { useConsentStatus } from '../api/consent-status';
import { ConsentBadges } from './consent-badges';
import { ConsentQrButton } from './consent-qr';
import { isPast } from '../lib/dates';

const DayConsents = createContext<ReadonlyMap<string, ConsentStatusItem[]>>(new Map());

/** The consents of the diary's day, read once for every row (one request per day, not per appointment). */
export function ConsentDayProvider({ date, children }: { date: string; children: ReactNode }) {
  const status = useConsentStatus({ date });
  const byAppointment = new Map<string, ConsentStatusItem[]>();
  // Whatever the answer, the diary is drawn: a missing or odd answer shows no badges.
  for (const item of Array.isArray(status.data) ? status.data : []) {
    byAppointment.set(item.appointmentId, [...(byAppointment.get(item.appointmentId) ?? []), item]);
  }
  return <DayConsents.Provider value={byAppointment}>{children}</DayConsents.Provider>;
}

/** A diary row's consents, with the desk's QR code for a pending one. */
export function DiaryConsentBadges({
  appointment,
  timeZone,
}: {
  appointment: { id: string; startsAt: string; status: string };
  timeZone: string;
}) {
  const items = useContext(DayConsents).get(appointment.id) ?? [];
  if (appointment.status === 'cancelada') return null;
  return (
    <ConsentBadges
      items={items}
      visitStarted={isPast(appointment.startsAt)}
      action={(item) => <ConsentQrButton item={item} timeZone={timeZone} />}
    />
  );
}
