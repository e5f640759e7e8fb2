import { Alert, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useConsultationForms } from '../../../api/consultation-forms';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useCopyQuestionnaireItem } from '../api/copy-questionnaire-item';
import { LatestAnswersCard } from './latest-answers-card';

interface Props {
  appointmentId: string;
  patientId: string;
  timeZone: string;
}

/**
 * «Cuestionarios» beside the consultation's note: the patient's latest answers to each questionnaire, whatever visit
 * asked them, with what is new since the answers before and «Copiar a la historia» for what the record lacks.
 */
export function ConsultationQuestionnaires({ appointmentId, patientId, timeZone }: Props) {
  const { data, error, isPending, refetch } = useConsultationForms(appointmentId);
  const copy = useCopyQuestionnaireItem(patientId);
  const [copyError, setCopyError] = useState<string | null>(null);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="cuestionarios-consulta">
      <Stack gap="sm">
        <Title order={2} size="h4" id="cuestionarios-consulta">
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
        ) : data.questionnaires.length === 0 ? (
          <Text size="sm" c="dimmed">
            No ha respondido ningún cuestionario ni se le ha pedido ninguno para esta cita.
          </Text>
        ) : (
          data.questionnaires.map((latest, position) => (
            <Fragment key={latest.questionnaireId}>
              {position > 0 && <Divider />}
              <LatestAnswersCard
                latest={latest}
                appointmentId={appointmentId}
                timeZone={timeZone}
                copying={copy.isPending}
                onCopy={(requestId, item) => {
                  setCopyError(null);
                  copy.mutate(
                    { requestId, questionId: item.questionId, index: item.index },
                    { onError: (failure) => setCopyError(failure.message) },
                  );
                }}
              />
            </Fragment>
          ))
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
