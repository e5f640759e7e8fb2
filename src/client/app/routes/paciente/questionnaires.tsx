import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import MyQuestionnairePage from './questionnaire';
import { paths } from '../../../../common/paths';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useMyQuestionnaires } from '../../../features/questionnaires/api/get-my-questionnaires';
import { formatLongDayAndTime } from '../../../lib/dates';
import { questionnaireStatus } from '../../../features/questionnaires/status';

/** «Cuestionarios»: what the clinic asks before her visits, pending first. */
export default function MyQuestionnairesPage() {
  const { id } = useParams();
  return id ? <MyQuestionnairePage id={id} /> : <MyQuestionnairesList />;
}

function MyQuestionnairesList() {
  const { data, error, isPending, refetch } = useMyQuestionnaires();
  return (
    <>
      <PageTitle>Cuestionarios</PageTitle>
      {isPending ? (
        <LoadingBlock label="Cargando tus cuestionarios" />
      ) : error ? (
        <LoadErrorAlert
          title="No se han podido cargar tus cuestionarios"
          error={error}
          onRetry={() => void refetch()}
        />
      ) : data.length === 0 ? (
        <Text c="dimmed">No tienes cuestionarios. Si la clínica te pide uno antes de una cita, lo verás aquí.</Text>
      ) : (
        <Stack gap="sm">
          {[...data.filter((row) => row.open), ...data.filter((row) => !row.open)].map((row) => (
            <Card key={row.id} withBorder padding="md">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Text fw={600}>{row.title}</Text>
                  <Text size="sm" c="dimmed">
                    Cita del {formatLongDayAndTime(row.appointmentStartsAt, 'Europe/Madrid')}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Badge color={questionnaireStatus(row).color} variant="light">
                    {questionnaireStatus(row).label}
                  </Badge>
                  <Button
                    component={Link}
                    to={paths.patient.questionnaire(row.id)}
                    size="xs"
                    variant={row.open ? 'filled' : 'default'}
                  >
                    {row.open ? (row.savedAt ? 'Seguir' : 'Rellenar') : 'Ver'}
                  </Button>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </>
  );
}
