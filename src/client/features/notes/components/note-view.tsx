import { Badge, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ClinicalNote } from '../../../../common/schemas/clinical-notes';
import { formatLongDayAndTime } from '../../../lib/dates';
import { AddendumForm } from './addendum-form';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={value ? undefined : 'dimmed'}>
        {value || 'Sin rellenar'}
      </Text>
    </div>
  );
}

/** A note as written (read-only), with its addenda; the author of a signed note may add one. */
export function NoteView({
  note,
  timeZone,
  canAddAddendum,
}: {
  note: ClinicalNote;
  timeZone: string;
  canAddAddendum: boolean;
}) {
  const diagnosis = note.diagnosisCode ? `${note.diagnosis} (CIE-10: ${note.diagnosisCode})` : note.diagnosis;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="note-view-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id="note-view-title">
            Nota de la consulta
          </Title>
          {note.signedAt ? (
            <Badge color="teal" variant="light" radius="sm">
              Firmada
            </Badge>
          ) : (
            <Badge color="yellow" variant="light" radius="sm">
              Borrador
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {note.signedAt
            ? `Firmada por ${note.doctorName} el ${formatLongDayAndTime(note.signedAt, timeZone)}`
            : `Borrador de ${note.doctorName}, guardado el ${formatLongDayAndTime(note.updatedAt, timeZone)}`}
        </Text>
        <Field label="Motivo de consulta" value={note.reason} />
        <Field label="Exploración" value={note.examination} />
        <Field label="Diagnóstico" value={diagnosis} />
        <Field label="Plan" value={note.plan} />
        {(note.addenda.length > 0 || canAddAddendum) && <Divider />}
        {note.addenda.length > 0 && (
          <Stack gap="sm" component="section" aria-label="Adendas">
            <Title order={3} size="h5">
              Adendas
            </Title>
            {note.addenda.map((addendum) => (
              <Paper key={addendum.id} withBorder p="sm" radius="sm" bg="gray.0">
                <Text size="xs" c="dimmed">
                  {addendum.authorName} · {formatLongDayAndTime(addendum.createdAt, timeZone)}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {addendum.text}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
        {canAddAddendum && <AddendumForm appointmentId={note.appointmentId} />}
      </Stack>
    </Paper>
  );
}
