import { Button, EmptyState, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClipboardList, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useClinicServices } from '../../../api/clinic-services';
import { errorMessageOf } from '../../../components/form-error';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { useQuestionnaire } from '../../../features/questionnaires/api/get-questionnaire';
import { useQuestionnaires } from '../../../features/questionnaires/api/get-questionnaires';
import { useSetQuestionnaireState } from '../../../features/questionnaires/api/set-questionnaire-state';
import { QuestionnaireBuilderModal } from '../../../features/questionnaires/components/questionnaire-builder-modal';
import { QuestionnairesTable } from '../../../features/questionnaires/components/questionnaires-table';

/** What the builder opens: a new questionnaire, or the next version of one (its id). */
type Editing = { id: string | null } | null;

/** «Cuestionarios» (issue 24, item 2): anamnesis questionnaires, versioned, asked before first visits or services. */
export default function QuestionnairesPage() {
  const list = useQuestionnaires();
  const services = useClinicServices();
  const timeZone = useClinicZone();
  const [editing, setEditing] = useState<Editing>(null);
  const current = useQuestionnaire(editing?.id ?? null);
  const setState = useSetQuestionnaireState();

  return (
    <>
      <PageTitle
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ id: null })}>
            Nuevo cuestionario
          </Button>
        }
      >
        Cuestionarios
      </PageTitle>
      <Text c="dimmed" mb="md" maw={760}>
        Los cuestionarios que el paciente rellena antes de la visita, desde el correo de la cita o su área. Se piden al
        reservar una primera visita o los servicios que elijas. Una versión publicada no cambia nunca: cada cambio
        publica una versión nueva, y las respuestas guardan la versión que contestaron.
      </Text>
      {list.isPending && <LoadingBlock label="Cargando los cuestionarios" />}
      {list.isError && !list.data && (
        <LoadErrorAlert
          title="No se han podido cargar los cuestionarios"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.data && (
        <Paper withBorder>
          {list.data.length === 0 ? (
            <EmptyState
              py="xl"
              icon={<IconClipboardList size={32} stroke={1.5} />}
              title="Aún no hay cuestionarios"
              description="Crea el primero con «Nuevo cuestionario»: secciones, preguntas y a qué citas se aplica."
            />
          ) : (
            <QuestionnairesTable
              questionnaires={list.data}
              timeZone={timeZone}
              onNewVersion={(id) => setEditing({ id })}
              onToggleState={(row) =>
                setState.mutate(
                  { id: row.id, state: row.state === 'activo' ? 'archivado' : 'activo' },
                  { onError: (error) => notifications.show({ color: 'red', message: errorMessageOf(error) }) },
                )
              }
            />
          )}
        </Paper>
      )}
      {editing && (editing.id === null || current.data) && (
        <QuestionnaireBuilderModal
          key={editing.id ?? 'new'}
          questionnaire={editing.id === null ? null : current.data!}
          services={services.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
