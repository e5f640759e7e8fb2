import { Paper, Stack, Text } from '@mantine/core';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useAppointmentNote } from '../api/get-appointment-note';
import { NoteEditor } from './note-editor';
import { NoteView } from './note-view';
import { VisitSummaryForm } from './visit-summary-form';

/**
 * The note of one appointment. Its doctor (`author`) writes the draft, signs it and adds addenda and the
 * patient's summary; anyone else allowed (admins) reads it.
 */
export function AppointmentNote({
  appointmentId,
  author,
  timeZone,
}: {
  appointmentId: string;
  author: boolean;
  timeZone: string;
}) {
  const { data, isPending, isError, error, refetch } = useAppointmentNote(appointmentId);
  if (isPending) return <LoadingBlock label="Cargando la nota" />;
  if (isError)
    return <LoadErrorAlert title="No se ha podido cargar la nota" error={error} onRetry={() => void refetch()} />;
  const { note } = data;
  if (author && !note?.signedAt) {
    return (
      <Stack gap="lg">
        {/* Mounted once per appointment: a refetch never replaces what is being typed. */}
        <NoteEditor key={appointmentId} appointmentId={appointmentId} note={note} />
        {note && <VisitSummaryForm key={`summary-${note.id}`} note={note} />}
      </Stack>
    );
  }
  if (!note) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Text c="dimmed">Esta cita no tiene nota clínica.</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="lg">
      <NoteView note={note} timeZone={timeZone} canAddAddendum={author && note.signedAt !== null} />
      {author && <VisitSummaryForm key={`summary-${note.id}`} note={note} />}
    </Stack>
  );
}
