import { Alert } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { usePatient } from '../../../api/patients';

/**
 * A warning beside a chosen patient who has no e-mail (they receive no notices): the caller says what
 * it means there. Nothing while the patient loads or when they have one.
 */
export function NoEmailNotice({
  patientId,
  children,
}: {
  patientId: string | null;
  children: (firstName: string) => ReactNode;
}) {
  const patient = usePatient(patientId);
  if (!patient.data || patient.data.email) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconMailOff size={18} aria-hidden />} title="Sin correo electrónico">
      {children(patient.data.firstName)}
    </Alert>
  );
}
