import { Alert, Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../../../common/api-paths';
import { IMPORT_STATUS_LABELS, IMPORT_UNDO_DAYS, type ImportView } from '../../../../common/schemas/patient-import';
import { errorMessageOf } from '../../../lib/api-client';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { formatDateTime } from '../../../lib/dates';
import { IMPORT_IN_PROGRESS } from '../api/get-import';
import { useUndoImport } from '../api/undo-import';
import { count } from '../utils/labels';

const outcome = (view: ImportView) =>
  view.target === 'appointments'
    ? `${count(view.counts.create)} citas dadas, ${count(view.counts.skip)} omitidas (ya estaban) y ${count(view.counts.error)} con errores`
    : `${count(view.counts.create)} fichas creadas, ${count(view.counts.update)} actualizadas, ${count(view.counts.skip)} omitidas y ${count(view.counts.error)} con errores`;

/** An import under way (its progress, every second), finished (its outcome and its undo), or undone. */
export function ImportProgress({ view }: { view: ImportView }) {
  const timeZone = useClinicZone();
  const undo = useUndoImport();
  const [confirming, setConfirming] = useState(false);
  const working = IMPORT_IN_PROGRESS.includes(view.status);
  const undoing = view.status === 'undo_queued' || view.status === 'undoing';
  const percent = Math.min(100, Math.round((view.processedRows / Math.max(view.totalRows, 1)) * 100));

  return (
    <Stack gap="md" aria-live="polite">
      {working && !undoing && (
        <>
          <Text fw={600}>{IMPORT_STATUS_LABELS[view.status]}…</Text>
          <Progress value={percent} size="xl" aria-label="Progreso de la importación" striped animated />
          <Text size="sm">
            {count(view.processedRows)} de {count(view.totalRows)} filas · {outcome(view)}
          </Text>
          {view.failure && (
            <Text size="sm" c="orange.9">
              {view.failure}
            </Text>
          )}
        </>
      )}
      {undoing && <Text fw={600}>Deshaciendo la importación…</Text>}
      {view.status === 'done' && (
        <Alert color="green" title="Importación terminada">
          {view.totalRows === 1 ? '1 fila' : `${count(view.totalRows)} filas`}: {outcome(view)}.
          {view.finishedAt && <> Terminó el {formatDateTime(view.finishedAt, timeZone)}.</>}
        </Alert>
      )}
      {view.status === 'undone' && (
        <Alert color="gray" title="Importación deshecha">
          {view.target === 'appointments'
            ? 'Se han anulado las citas que dio (quedan en su historial como «Importación deshecha»).'
            : 'Se han quitado las fichas creadas y devuelto las actualizadas a como estaban.'}
          {view.keptOnUndo > 0 &&
            ` Se conservan ${count(view.keptOnUndo)} porque se cambiaron después${view.target === 'patients' ? ' o ya tienen citas, archivos u otros datos' : ''}.`}
        </Alert>
      )}
      {view.counts.error > 0 && !working && (
        <Anchor href={api.patientImportErrors(view.id)} download fw={600}>
          Descargar las {count(view.counts.error)} filas con errores (CSV) para corregirlas e importarlas de nuevo
        </Anchor>
      )}
      {view.undoUntil && !confirming && (
        <Group>
          <Button variant="default" color="red" onClick={() => setConfirming(true)}>
            Deshacer la importación
          </Button>
          <Text size="sm" c="dimmed">
            Se puede deshacer hasta el {formatDateTime(view.undoUntil, timeZone)} ({IMPORT_UNDO_DAYS} días).
          </Text>
        </Group>
      )}
      {view.undoUntil && confirming && (
        <Alert color="red" variant="light" title="¿Deshacer toda la importación?">
          <Text size="sm">
            {view.target === 'appointments'
              ? 'Se anularán las citas que dio, sin avisar a los pacientes. Las que se hayan cambiado después se conservan.'
              : 'Se borrarán las fichas que creó y las que actualizó volverán a como estaban. Las que se hayan cambiado después, o tengan ya citas, archivos u otros datos, se conservan.'}
          </Text>
          <Group mt="sm">
            <Button
              color="red"
              loading={undo.isPending}
              onClick={() => undo.mutate(view.id, { onSuccess: () => setConfirming(false) })}
            >
              Sí, deshacer
            </Button>
            <Button variant="default" onClick={() => setConfirming(false)}>
              No
            </Button>
          </Group>
        </Alert>
      )}
      {undo.isError && (
        <Alert color="red" role="alert">
          {errorMessageOf(undo.error)}
        </Alert>
      )}
    </Stack>
  );
}
