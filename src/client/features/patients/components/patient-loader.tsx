import type { ReactNode } from 'react';
import type { Patient } from '../../../../common/schemas/patients';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { ApiError } from '../../../lib/api-client';
import { usePatient } from '../../../api/patients';
import { PatientNotFound } from './patient-not-found';

/** Loads a chart (a malformed id, like an unknown or forbidden one, is «not found»): a spinner, «Paciente no encontrado», an error to retry, or `children` with the patient. */
export function PatientLoader({
  id,
  backHref,
  children,
}: {
  id: string;
  backHref: string;
  children: (patient: Patient) => ReactNode;
}) {
  const patient = usePatient(id);
  if (patient.data) return children(patient.data);
  if (patient.isPending) return <LoadingBlock label="Cargando la ficha del paciente" />;
  if (patient.error instanceof ApiError && [400, 403, 404].includes(patient.error.status)) {
    return <PatientNotFound backHref={backHref} />;
  }
  return (
    <LoadErrorAlert
      title="No se ha podido cargar la ficha"
      error={patient.error}
      onRetry={() => void patient.refetch()}
    />
  );
}
