import { Alert, Button, Group, Paper, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { ClinicalNote } from '../../../../common/schemas/clinical-notes';
import { ApiError } from '../../../lib/api-client';
import { useSaveVisitSummary } from '../api/save-visit-summary';

/** «Resumen para el paciente»: what the patient reads on their appointment, only while it is shared. */
export function VisitSummaryForm({ note }: { note: ClinicalNote }) {
  const [text, setText] = useState(note.patientSummary);
  const [shared, setShared] = useState(note.summarySharedAt !== null);
  const save = useSaveVisitSummary();
  const error = save.error instanceof ApiError ? (save.error.fields?.text ?? save.error.message) : save.error?.message;
  const unchanged = text === note.patientSummary && shared === (note.summarySharedAt !== null);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="visit-summary-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ appointmentId: note.appointmentId, input: { text, shared } });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="visit-summary-title">
            Resumen para el paciente
          </Title>
          <Text size="sm" c="dimmed">
            El paciente no ve la nota clínica. Si compartes este resumen, lo verá en «Mis citas».
          </Text>
          <Textarea
            label="Resumen"
            autosize
            minRows={3}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error}
          />
          <Switch
            label="Compartir con el paciente"
            checked={shared}
            onChange={(event) => setShared(event.currentTarget.checked)}
          />
          {save.isSuccess && unchanged && (
            <Alert color="teal" variant="light" role="status">
              {shared ? 'Resumen guardado y compartido con el paciente.' : 'Resumen guardado; el paciente no lo ve.'}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={save.isPending} disabled={unchanged}>
              Guardar resumen
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
