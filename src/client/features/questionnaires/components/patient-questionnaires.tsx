import { Accordion, Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { usePatientContext } from '../../../api/patient-context';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { formatDateTime, formatLongDayAndTime } from '../../../lib/dates';
import { questionnaireStatus } from '../status';
import { useCopyQuestionnaireItem } from '../api/copy-questionnaire-item';
import { usePatientQuestionnaires } from '../api/get-patient-questionnaires';
import { SubmittedAnswers } from './submitted-answers';

interface Props {
  patientId: string;
  timeZone: string;
  /** Whether «Copiar a la historia» is offered (the doctor's screens). */
  canCopy?: boolean;
}

/** What the panel of a questionnaire not sent says of what it shows. */
function unsentNote(row: { open: boolean; savedAt: string | null }): string {
  if (row.open) {
    return row.savedAt
      ? 'La paciente aún no lo ha enviado: lo que ves es lo que lleva guardado.'
      : 'La paciente aún no ha empezado a rellenarlo.';
  }
  return row.savedAt
    ? 'No llegó a enviarlo antes de la visita: lo que ves es lo que dejó guardado.'
    : 'No lo rellenó antes de la visita.';
}

/**
 * The questionnaire unfolded at first: the latest one sent (an empty one unfolded would only say «Sin responder»
 * question after question). The consultation has its own block (`consultation-questionnaires.tsx`).
 */
function firstOpen(rows: { id: string; status: string }[]): string | null {
  return rows.find((row) => row.status === 'enviado')?.id ?? null;
}

/** «Cuestionarios»: what the patient answered before her visits, and copying declared items into the record. */
export function PatientQuestionnaires({ patientId, timeZone, canCopy = false }: Props) {
  const { data, error, isPending, refetch } = usePatientQuestionnaires(patientId);
  const copy = useCopyQuestionnaireItem(patientId);
  // The record's allergies and history, to offer only what is not there yet (the copy refreshes them).
  const context = usePatientContext(canCopy ? patientId : null);
  const [copyError, setCopyError] = useState<string | null>(null);
  const shown = data ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="cuestionarios-paciente">
      <Stack gap="sm">
        <Title order={2} size="h4" id="cuestionarios-paciente">
          Cuestionarios
        </Title>
        {isPending ? (
          <LoadingBlock label="Cargando los cuestionarios" />
        ) : error ? (
          <LoadErrorAlert
            title="No se han podido cargar los cuestionarios"
            error={error}
            onRetry={() => void refetch()}
          />
        ) : shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            No se le ha pedido ningún cuestionario.
          </Text>
        ) : (
          <Accordion variant="separated" defaultValue={firstOpen(shown)}>
            {shown.map((row) => (
              <Accordion.Item key={row.id} value={row.id}>
                <Accordion.Control>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={500}>{row.title}</Text>
                    <Badge color={questionnaireStatus(row).color} variant="light">
                      {questionnaireStatus(row).label}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {`Cita del ${formatLongDayAndTime(row.appointmentStartsAt, timeZone)} · versión ${row.versionNumber}`}
                      {row.submittedAt && ` · enviado el ${formatDateTime(row.submittedAt, timeZone)}`}
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  {row.status !== 'enviado' && (
                    <Text size="sm" c="dimmed" mb="xs">
                      {unsentNote(row)}
                    </Text>
                  )}
                  {(row.status === 'enviado' || row.savedAt) && (
                    <SubmittedAnswers
                      request={row}
                      copying={copy.isPending}
                      record={context.data}
                      onCopy={
                        canCopy
                          ? (questionId, index) => {
                              setCopyError(null);
                              copy.mutate(
                                { requestId: row.id, questionId, index },
                                { onError: (failure) => setCopyError(failure.message) },
                              );
                            }
                          : undefined
                      }
                    />
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
        {copyError && (
          <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
            {copyError}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
