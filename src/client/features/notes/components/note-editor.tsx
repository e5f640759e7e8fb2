import { Alert, Group, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback, useWindowEvent } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import type { ClinicalNote, NoteDraftInput } from '../../../../common/schemas/clinical-notes';
import { ApiError } from '../../../lib/api-client';
import { useSaveNoteDraft } from '../api/save-note-draft';
import { useSignNote } from '../api/sign-note';
import { clearLocalCopy, readLocalCopy, writeLocalCopy } from './local-copy';
import { SaveStateText, type SaveState } from './save-state';
import { SignNoteButton } from './sign-note-button';

const fieldsOf = (note: ClinicalNote | null): NoteDraftInput => ({
  reason: note?.reason ?? '',
  examination: note?.examination ?? '',
  diagnosis: note?.diagnosis ?? '',
  diagnosisCode: note?.diagnosisCode ?? '',
  plan: note?.plan ?? '',
});

const AUTOSAVE_MS = 800;

/** The draft of a consultation note: saved to the server as the doctor types, and kept in the browser until then. */
export function NoteEditor({ appointmentId, note }: { appointmentId: string; note: ClinicalNote | null }) {
  const [localCopy] = useState(() => readLocalCopy(appointmentId));
  const [values, setValues] = useState<NoteDraftInput>(() => localCopy ?? fieldsOf(note));
  const [state, setState] = useState<SaveState>(localCopy ? 'dirty' : note ? 'saved' : 'empty');
  const [saveError, setSaveError] = useState<string>();
  const latest = useRef(values);
  const save = useSaveNoteDraft();
  const sign = useSignNote();

  const persist = async (draft: NoteDraftInput) => {
    setState('saving');
    try {
      await save.mutateAsync({ appointmentId, draft });
      if (latest.current === draft) {
        clearLocalCopy(appointmentId);
        setState('saved');
      }
    } catch (error) {
      setSaveError(error instanceof ApiError ? error.message : undefined);
      setState('error');
    }
  };
  const autosave = useDebouncedCallback(persist, { delay: AUTOSAVE_MS, flushOnUnmount: true });
  // What a closed tab left unsaved goes to the server at once.
  useEffect(() => {
    if (localCopy) autosave(localCopy);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  useWindowEvent('beforeunload', () => autosave.flush());

  const change = (field: keyof NoteDraftInput) => (event: { currentTarget: { value: string } }) => {
    const next = { ...latest.current, [field]: event.currentTarget.value };
    latest.current = next;
    setValues(next);
    setState('dirty');
    writeLocalCopy(appointmentId, next);
    autosave(next);
  };

  const signNow = async () => {
    autosave.cancel();
    await save.mutateAsync({ appointmentId, draft: latest.current });
    clearLocalCopy(appointmentId);
    await sign.mutateAsync(appointmentId);
  };
  const fieldErrors = sign.error instanceof ApiError ? sign.error.fields : undefined;

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="note-editor-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id="note-editor-title">
            Nota de la consulta (borrador)
          </Title>
          <SaveStateText state={state} error={saveError} />
        </Group>
        <Textarea
          label="Motivo de consulta"
          autosize
          minRows={2}
          value={values.reason}
          onChange={change('reason')}
          error={fieldErrors?.reason}
        />
        <Textarea
          label="Exploración"
          autosize
          minRows={3}
          value={values.examination}
          onChange={change('examination')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Textarea
            label="Diagnóstico"
            autosize
            minRows={2}
            value={values.diagnosis}
            onChange={change('diagnosis')}
            error={fieldErrors?.diagnosis}
            style={{ gridColumn: 'span 2' }}
          />
          <TextInput
            label="Código CIE-10 (opcional)"
            placeholder="p. ej. J06.9"
            value={values.diagnosisCode}
            onChange={change('diagnosisCode')}
          />
        </SimpleGrid>
        <Textarea label="Plan" autosize minRows={3} value={values.plan} onChange={change('plan')} />
        {sign.error && !fieldErrors && (
          <Alert color="red" title="No se ha podido firmar la nota">
            {sign.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <SignNoteButton onSign={signNow} pending={sign.isPending || (save.isPending && state !== 'saving')} />
        </Group>
      </Stack>
    </Paper>
  );
}
