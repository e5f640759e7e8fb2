import { Badge } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Patient } from '../../../../common/schemas/patients';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { todayIn } from '../../../lib/dates';
import { formatShortDate } from '../utils/format';

/** Whether her insurance card expired before the clinic's today (the day it expires still counts). */
export const cardExpired = (patient: Pick<Patient, 'insurerId' | 'cardExpiry'>, today: string) =>
  patient.insurerId !== null && patient.cardExpiry !== null && patient.cardExpiry < today;

/** Her insurer, or «Privado», and a warning when her card has expired. */
export function InsuranceBadges({ patient }: { patient: Patient }) {
  const timeZone = useClinicZone();
  const expired = cardExpired(patient, todayIn(timeZone));
  return (
    <>
      <Badge color={patient.insurerId ? 'blue' : 'gray'} variant="light">
        {patient.insurerId ? patient.insurer : 'Privado'}
      </Badge>
      {expired && (
        <Badge color="orange" variant="filled" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
          Tarjeta caducada el {formatShortDate(patient.cardExpiry!)}
        </Badge>
      )}
    </>
  );
}
